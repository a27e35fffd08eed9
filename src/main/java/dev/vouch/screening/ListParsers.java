package dev.vouch.screening;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.vouch.screening.model.ScreeningSet;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
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

  /** Rows {@code address,label}; an optional header row whose first cell is "address"; # comments. */
  static ScreeningSet csv(String list, InputStream in) throws IOException {
    ScreeningSet.Builder b = new ScreeningSet.Builder().declare(list);
    try (MappingIterator<List<String>> rows = CSV.readerForListOf(String.class).readValues(in)) {
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
