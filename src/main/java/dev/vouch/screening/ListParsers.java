package dev.vouch.screening;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.vouch.screening.model.Category;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Parses screening list files. A list that does not parse whole fails whole: a truncated download
 * must never replace a good list with a shorter one.
 */
final class ListParsers {

  /** The SDN id type of Ethereum addresses (also used for other EVM chains' addresses). */
  static final String SDN_ETH = "Digital Currency Address - ETH";
  private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
  private static final CsvMapper CSV = CsvMapper.builder()
      .enable(CsvParser.Feature.WRAP_AS_ARRAY)
      .enable(CsvParser.Feature.ALLOW_COMMENTS)
      .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
      .enable(CsvParser.Feature.TRIM_SPACES)
      .build();

  private ListParsers() {}

  static final List<String> LABEL_COLUMNS = List.of("address", "chain", "category", "name", "source");

  /** Where parsed rows go (the COPY stream): nothing is kept in the heap. */
  interface Sink {
    /** One row; {@code chainId} null on every chain, {@code name} '' when a screening list gives none. */
    void row(int line, String address, Long chainId, Category category, String name, String source) throws IOException;
  }

  /**
   * A label list: rows {@code address,chain,category,name,source} (chain empty = every chain,
   * source empty = the list's name), an optional header row, # comments and blank lines. Strict:
   * any bad row refuses the whole file with its line number, so the previous version stays in
   * force. The same address, chain and category twice is refused by the loaded version's unique
   * index (LabelLoader), not by a set here that would grow with the list.
   */
  static void labels(String list, InputStream in, Sink sink) throws IOException {
    boolean[] any = {false};
    rows(list, in, (line, why) -> refused(list, line, why), (line, row) -> {
      boolean header = !any[0] && row.get(0).equalsIgnoreCase("address");
      any[0] = true;
      if (!header) {
        label(list, line, row, sink);
      }
    });
  }

  /** One row of a label list, checked and handed to the sink. */
  private static void label(String list, int line, List<String> row, Sink sink) throws IOException {
    if (row.size() != LABEL_COLUMNS.size()) {
      throw refused(list, line, "expected " + LABEL_COLUMNS.size() + " cells (" + String.join(",", LABEL_COLUMNS)
          + "), found " + row.size());
    }
    String address = row.get(0);
    if (!ADDRESS.matcher(address).matches()) {
      throw refused(list, line, "address is not a 0x address");
    }
    Long chain = null;
    if (!row.get(1).isEmpty()) {
      try {
        chain = Long.parseLong(row.get(1));
      } catch (NumberFormatException e) {
        chain = -1L;
      }
      if (chain <= 0) {
        throw refused(list, line, "chain must be a positive chain id or empty");
      }
    }
    Category category = Category.parse(row.get(2));
    if (category == null) {
      throw refused(list, line, "category " + row.get(2) + " is not one of "
          + Arrays.stream(Category.values()).map(Enum::name).toList());
    }
    if (row.get(3).isEmpty()) {
      throw refused(list, line, "name is empty");
    }
    sink.row(line, address.toLowerCase(Locale.ROOT), chain, category, row.get(3),
        row.get(4).isEmpty() ? list : row.get(4));
  }

  /** One parsed CSV row of a list, with its line number. */
  private interface Row {
    void accept(int line, List<String> cells) throws IOException;
  }

  /**
   * The CSV rows of a list's lines (bounded by {@link Lines}), the first line's byte order mark,
   * blank lines and # comments skipped; a line that is no CSV row is {@code bad}'s error.
   */
  private static void rows(String list, InputStream in, java.util.function.BiFunction<Integer, String, IOException> bad,
      Row each) throws IOException {
    Lines r = new Lines(list, in);
    int line = 0;
    for (String text = r.next(); text != null; text = r.next()) {
      line++;
      String trimmed = (line == 1 ? withoutBom(text) : text).strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      List<String> row;
      try (MappingIterator<List<String>> one = CSV.readerForListOf(String.class).readValues(trimmed)) {
        row = one.nextValue();
      } catch (IOException | RuntimeException e) {
        throw bad.apply(line, "not a CSV row");
      }
      each.accept(line, row);
    }
  }

  /** The words of a duplicate row, as the loader reports it from the index's answer. */
  static IOException duplicate(String list, int line, String address, long chain, String category) {
    return refused(list, line, "duplicate label for " + address + " (chain " + (chain == 0 ? "any" : chain)
        + ", " + category + ")");
  }

  /** A spreadsheet's "CSV UTF-8" export starts with a byte order mark: not part of the first cell. */
  private static final char BOM = '\uFEFF';

  private static String withoutBom(String text) {
    return !text.isEmpty() && text.charAt(0) == BOM ? text.substring(1) : text;
  }

  private static IOException refused(String list, int line, String why) {
    return new IOException("label list " + list + " line " + line + ": " + why);
  }

  /** Rows {@code address,label}; an optional header row whose first cell is "address"; # comments. */
  static void csv(String list, InputStream in, Sink sink) throws IOException {
    rows(list, in, (line, why) -> new IOException("list " + list + " row " + line + ": " + why), (line, row) -> {
      String address = row.get(0);
      if (line == 1 && "address".equalsIgnoreCase(address)) {
        return;
      }
      if (!ADDRESS.matcher(address).matches()) {
        throw new IOException("list " + list + " row " + line + ": first cell is not a 0x address");
      }
      sink.row(line, address.toLowerCase(Locale.ROOT), null, Category.sanctioned, row.size() > 1 ? row.get(1) : "",
          list);
    });
  }

  /** Longest line of a list: an endless line (a path at /dev/zero) is refused before it fills the heap. */
  static final int MAX_LINE = 64 * 1024;

  /** Lines of UTF-8 text, each bounded by MAX_LINE characters. */
  private static final class Lines {
    private final String list;
    private final java.io.Reader in;
    private final StringBuilder b = new StringBuilder(256);
    private int line;
    private boolean ended;

    Lines(String list, InputStream in) {
      this.list = list;
      this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    String next() throws IOException {
      if (ended) {
        return null;
      }
      b.setLength(0);
      line++;
      for (int c = in.read(); ; c = in.read()) {
        if (c < 0) {
          ended = true;
          return b.length() == 0 ? null : b.toString();
        }
        if (c == '\n') {
          int n = b.length();
          return n > 0 && b.charAt(n - 1) == '\r' ? b.substring(0, n - 1) : b.toString();
        }
        if (b.length() >= MAX_LINE) {
          throw new IOException("list " + list + " line " + line + " is longer than " + MAX_LINE
              + " characters: not a list");
        }
        b.append((char) c);
      }
    }
  }

  /**
   * The OFAC SDN XML (sdn.xml): every {@code sdnEntry/idList/id} whose idType is
   * "Digital Currency Address - ETH"; the label names the entry (uid, last and first name).
   * Namespaces are ignored (the file declares one); DTDs and external entities are refused.
   */
  static void sdnXml(String list, InputStream in, Sink sink) throws IOException {
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    boolean sawRoot = false;
    try {
      XMLStreamReader r = f.createXMLStreamReader(in);
      String uid = "";
      String lastName = "";
      String firstName = "";
      String idType = null;
      String idNumber = null;
      int depthInId = -1;
      int depth = 0;
      while (r.hasNext()) {
        int event = r.next();
        if (event == XMLStreamConstants.START_ELEMENT) {
          depth++;
          String name = r.getLocalName();
          switch (name) {
            case "sdnList" -> sawRoot = true;
            case "sdnEntry" -> {
              uid = "";
              lastName = "";
              firstName = "";
            }
            case "id" -> {
              depthInId = depth;
              idType = null;
              idNumber = null;
            }
            case "uid" -> {
              if (depthInId < 0 && depth == 3) {
                uid = r.getElementText().trim();
                depth--;
              }
            }
            case "lastName", "firstName" -> {
              if (depth == 3) {
                String text = r.getElementText().trim();
                if (name.equals("lastName")) {
                  lastName = text;
                } else {
                  firstName = text;
                }
                depth--;
              }
            }
            case "idType" -> {
              if (depthInId > 0) {
                idType = r.getElementText().trim();
                depth--;
              }
            }
            case "idNumber" -> {
              if (depthInId > 0) {
                idNumber = r.getElementText().trim();
                depth--;
              }
            }
            default -> { }
          }
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          if ("id".equals(r.getLocalName()) && depth == depthInId) {
            if (SDN_ETH.equals(idType) && idNumber != null && ADDRESS.matcher(idNumber).matches()) {
              String who = (lastName + (firstName.isEmpty() ? "" : ", " + firstName)).trim();
              sink.row(r.getLocation().getLineNumber(), idNumber.toLowerCase(Locale.ROOT), null, Category.sanctioned,
                  "SDN " + uid + (who.isEmpty() ? "" : " " + who), list);
            }
            depthInId = -1;
          }
          depth--;
        }
      }
      r.close();
    } catch (XMLStreamException e) {
      throw new IOException("list " + list + " is not well-formed SDN XML: " + e.getMessage(), e);
    }
    if (!sawRoot) {
      throw new IOException("list " + list + " has no sdnList element");
    }
  }
}
