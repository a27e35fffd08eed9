package dev.vouch.policy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.vouch.decision.model.Policy;
import dev.vouch.decision.model.UseCase;
import dev.vouch.error.ApiError;
import dev.vouch.exposure.model.Direction;
import dev.vouch.screening.model.Category;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.SchemaRepository;
import io.vertx.json.schema.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.erdtman.jcs.JsonCanonicalizer;

/**
 * A policy's JSON both ways. A PUT body is validated against {@code PolicyInput} of the OpenAPI
 * document itself (the one schema clients see), merged over the default (fields left out keep
 * today's values) and normalized; the normalized body is what is stored, and its RFC 8785
 * canonical bytes' SHA-256 is the hash a verdict names. Pure apart from reading the schema once.
 */
public final class PolicyJson {

  static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true)
      // A tree keeps a decimal's scale (0.00 stays 0.00), as the figures are compared and hashed.
      .configure(com.fasterxml.jackson.databind.cfg.JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
  private static final String BASE = "https://vouch.invalid/openapi.yaml";
  private static final Validator VALIDATOR = validator();

  private PolicyJson() {}

  private static Validator validator() {
    try (InputStream in = PolicyJson.class.getResourceAsStream("/openapi.yaml")) {
      if (in == null) {
        throw new IllegalStateException("openapi.yaml is not on the class path");
      }
      JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(in);
      JsonSchemaOptions options = new JsonSchemaOptions().setDraft(Draft.DRAFT202012).setBaseUri(BASE)
          .setOutputFormat(OutputFormat.Basic);
      SchemaRepository repo = SchemaRepository.create(options);
      repo.dereference(BASE, JsonSchema.of(new JsonObject(MAPPER.writeValueAsString(doc))));
      return repo.validator(BASE + "#/components/schemas/PolicyInput");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A validated, normalized policy and its stored form. */
  public record Parsed(Policy policy, String body, String hash) {}

  /** The default policy as GET shows it to a caller without one. */
  public static final Parsed DEFAULT = of(Policy.DEFAULT);

  /** A PUT body: 400 INVALID_REQUEST naming the first field that breaks the schema. */
  public static Parsed parse(String text) {
    JsonNode input;
    try {
      input = MAPPER.readTree(text);
    } catch (IOException e) {
      throw ApiError.invalidRequest("The body must be a JSON object: a policy (docs/models.md, \"Risk policies\").");
    }
    if (input == null || !input.isObject()) {
      throw ApiError.invalidRequest("The body must be a JSON object: a policy (docs/models.md, \"Risk policies\").");
    }
    OutputUnit out = VALIDATOR.validate(new JsonObject(text));
    if (!Boolean.TRUE.equals(out.getValid())) {
      throw ApiError.invalidRequest(firstError(out));
    }
    ObjectNode merged = toTree(Policy.DEFAULT);
    merge(merged, (ObjectNode) input);
    return of(fromTree(merged));
  }

  /** The deepest failing location first: it names the field, not the object around it. */
  static String firstError(OutputUnit out) {
    List<OutputUnit> errors = out.getErrors() == null ? List.of() : out.getErrors();
    OutputUnit best = null;
    for (OutputUnit e : errors) {
      if (best == null || field(e).length() > field(best).length()) {
        best = e;
      }
    }
    if (best == null) {
      return "The policy does not match its schema.";
    }
    String field = field(best);
    return "Policy field " + (field.isEmpty() ? "(body)" : field) + " is invalid: " + best.getError()
        + " (docs/models.md, \"Risk policies\").";
  }

  private static String field(OutputUnit e) {
    String loc = e.getInstanceLocation() == null ? "" : e.getInstanceLocation();
    if (loc.startsWith("#")) {
      loc = loc.substring(1);
    }
    if (loc.startsWith("/")) {
      loc = loc.substring(1);
    }
    return loc.replace('/', '.');
  }

  private static void merge(ObjectNode into, ObjectNode from) {
    Iterator<Map.Entry<String, JsonNode>> it = from.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode there = into.get(e.getKey());
      if (there instanceof ObjectNode o && e.getValue() instanceof ObjectNode n) {
        merge(o, n);
      } else {
        into.set(e.getKey(), e.getValue());
      }
    }
  }

  public static Parsed of(Policy p) {
    String body = write(toTree(p));
    return new Parsed(p, body, hash(body));
  }

  /** A stored body (already normalized and valid). */
  public static Policy read(String body) {
    try {
      return fromTree((ObjectNode) MAPPER.readTree(body));
    } catch (IOException e) {
      throw new UncheckedIOException("unreadable stored policy", e);
    }
  }

  public static String hash(String body) {
    try {
      byte[] canonical = new JsonCanonicalizer(body).getEncodedUTF8();
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  static ObjectNode toTree(Policy p) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode root = f.objectNode();
    ObjectNode cats = root.putObject("categories");
    for (Category c : Category.values()) {
      ObjectNode rules = cats.putObject(c.name());
      for (Direction d : Direction.values()) {
        Policy.Rule r = p.rule(c, d);
        ObjectNode rule = rules.putObject(d.name());
        rule.put("action", r.action().name());
        rule.put("minUsd", r.minUsd());
        rule.put("minShare", r.minShare());
      }
    }
    ArrayNode hops = root.putArray("indirectSanctionedShares");
    p.indirectSanctionedShares().forEach(v -> {
      if (v == null) {
        hops.addNull();
      } else {
        hops.add(v);
      }
    });
    ObjectNode dust = root.putObject("dust");
    dust.put("usd", p.dust().usd());
    dust.put("maxUnvaluedTransfers", p.dust().maxUnvaluedTransfers());
    ObjectNode scale = root.putObject("limitScale");
    for (UseCase u : UseCase.values()) {
      scale.put(u.name(), p.limitScale(u));
    }
    root.put("transferMinUsd", p.transferMinUsd());
    return root;
  }

  static Policy fromTree(ObjectNode t) {
    Map<Category, Policy.Rules> cats = new EnumMap<>(Category.class);
    for (Category c : Category.values()) {
      JsonNode rules = t.path("categories").path(c.name());
      cats.put(c, new Policy.Rules(rule(rules.path("in")), rule(rules.path("out"))));
    }
    List<BigDecimal> hops = new ArrayList<>();
    t.path("indirectSanctionedShares").forEach(n -> hops.add(n.isNull() ? null : n.decimalValue()));
    Map<UseCase, BigDecimal> scale = new EnumMap<>(UseCase.class);
    for (UseCase u : UseCase.values()) {
      scale.put(u, t.path("limitScale").path(u.name()).decimalValue());
    }
    return new Policy(cats, hops, new Policy.Dust(t.path("dust").path("usd").decimalValue(),
        t.path("dust").path("maxUnvaluedTransfers").intValue()), scale, t.path("transferMinUsd").decimalValue());
  }

  private static Policy.Rule rule(JsonNode n) {
    return new Policy.Rule(Policy.Action.valueOf(n.path("action").asText()), n.path("minUsd").decimalValue(),
        n.path("minShare").decimalValue());
  }

  private static String write(JsonNode n) {
    try {
      return MAPPER.writeValueAsString(n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
