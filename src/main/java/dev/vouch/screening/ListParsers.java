package dev.vouch.screening;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.vouch.screening.model.Category;
import dev.vouch.screening.model.Label;
import dev.vouch.screening.model.ScreeningSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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

  /**
   * A label list: rows {@code address,chain,category,name,source} (chain empty = every chain,
   * source empty = the list's name), an optional header row, # comments and blank lines. Strict:
   * any bad row, or the same address, chain and category twice, refuses the whole file with its
   * line number, so the previous version stays in force.
   */
  static List<Label> labels(String list, InputStream in) throws IOException {
    List<Label> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    int line = 0;
    for (String text = r.readLine(); text != null; text = r.readLine()) {
      line++;
      String trimmed = (line == 1 ? withoutBom(text) : text).strip();
      if (trimmed.isEmpty() || trimmed.startsWith("#")) {
        continue;
      }
      List<String> row;
      try (MappingIterator<List<String>> one = CSV.readerForListOf(String.class).readValues(trimmed)) {
        row = one.nextValue();
      } catch (IOException | RuntimeException e) {
        throw refused(list, line, "not a CSV row");
      }
      if (out.isEmpty() && seen.isEmpty() && row.get(0).equalsIgnoreCase("address")) {
        seen.add("header");
        continue;
      }
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
      String lower = address.toLowerCase(Locale.ROOT);
      if (!seen.add(lower + "|" + chain + "|" + category)) {
        throw refused(list, line, "duplicate label for " + lower + " (chain " + (chain == null ? "any" : chain)
            + ", " + category + ")");
      }
      out.add(new Label(lower, chain, category, row.get(3), row.get(4).isEmpty() ? list : row.get(4)));
    }
    return out;
  }

  /** A spreadsheet's "CSV UTF-8" export starts with a byte order mark: not part of the first cell. */
  private static final char BOM = '\uFEFF';

  private static String withoutBom(String text) {
    return !text.isEmpty() && text.charAt(0) == BOM ? text.substring(1) : text;
  }

  private static InputStream withoutBom(InputStream in) throws IOException {
    PushbackInputStream p = new PushbackInputStream(in, 3);
    byte[] head = p.readNBytes(3);
    boolean bom = head.length == 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF;
    if (!bom) {
      p.unread(head);
    }
    return p;
  }

  private static IOException refused(String list, int line, String why) {
    return new IOException("label list " + list + " line " + line + ": " + why);
  }

  /** Rows {@code address,label}; an optional header row whose first cell is "address"; # comments. */
  static ScreeningSet csv(String list, InputStream in) throws IOException {
    ScreeningSet.Builder b = new ScreeningSet.Builder().declare(list);
    try (MappingIterator<List<String>> rows = CSV.readerForListOf(String.class).readValues(withoutBom(in))) {
      int line = 0;
      while (rows.hasNextValue()) {
        List<String> row = rows.nextValue();
        line++;
        if (row.isEmpty() || row.size() == 1 && row.get(0).isBlank()) {
          continue;
        }
        String address = row.get(0);
        if (line == 1 && "address".equalsIgnoreCase(address)) {
          continue;
        }
        if (!ADDRESS.matcher(address).matches()) {
          throw new IOException("list " + list + " row " + line + ": first cell is not a 0x address");
        }
        b.add(list, address, row.size() > 1 ? row.get(1) : "");
      }
    }
    return b.build();
  }

  /**
   * The OFAC SDN XML (sdn.xml): every {@code sdnEntry/idList/id} whose idType is
   * "Digital Currency Address - ETH"; the label names the entry (uid, last and first name).
   * Namespaces are ignored (the file declares one); DTDs and external entities are refused.
   */
  static ScreeningSet sdnXml(String list, InputStream in) throws IOException {
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    ScreeningSet.Builder b = new ScreeningSet.Builder().declare(list);
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
              b.add(list, idNumber, "SDN " + uid + (who.isEmpty() ? "" : " " + who));
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
    return b.build();
  }
}
