package io.execplace.kubernetes.pricing;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.execplace.core.io.YamlSyntax;
import io.execplace.core.io.InputFileException;
import io.execplace.core.io.InputFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Prices of node instance types, read from a small YAML file (format version 1):
 * <pre>
 * version: 1                  # required; the only version so far
 * currency: USD               # optional, shown in Events and metrics help only
 * pricesPerHour:              # instance type (label node.kubernetes.io/instance-type) -> price per hour
 *   m5.xlarge: 0.192
 *   m5.2xlarge: 0.384
 * spotPricesPerHour:          # optional: the price of a spot node of that type (label karpenter.sh/capacity-type: spot)
 *   m5.xlarge: 0.07
 * </pre>
 * Every error names the file, the line and the field. The file is read token by token (not bound to
 * classes) so that each message can carry the line of the offending value.
 */
public final class PriceTable {

    /** The only format version so far. */
    public static final int VERSION = 1;
    private static final double SECONDS_PER_HOUR = 3600;
    private static final YAMLFactory FACTORY = new YAMLFactory();

    private final Map<String, Double> perHour;
    private final Map<String, Double> spotPerHour;
    private final String currency;

    private PriceTable(Map<String, Double> perHour, Map<String, Double> spotPerHour, String currency) {
        this.perHour = Collections.unmodifiableMap(new LinkedHashMap<>(perHour));
        this.spotPerHour = Collections.unmodifiableMap(new LinkedHashMap<>(spotPerHour));
        this.currency = currency;
    }

    /** A table from a map of instance type to price per hour (tests, programmatic use). */
    public static PriceTable of(Map<String, Double> perHour) {
        perHour.forEach((type, price) -> {
            if (!(price >= 0) || !Double.isFinite(price)) {
                throw new IllegalArgumentException("price of '" + type + "' must be a finite number >= 0, got " + price);
            }
        });
        return new PriceTable(perHour, Map.of(), "USD");
    }

    /** As {@link #of(Map)}, with spot prices. */
    public static PriceTable of(Map<String, Double> perHour, Map<String, Double> spotPerHour) {
        PriceTable onDemand = of(perHour);
        of(spotPerHour);
        return new PriceTable(onDemand.perHour, spotPerHour, "USD");
    }

    /** Reads a price table file. */
    public static PriceTable read(Path file) throws IOException {
        // InputFiles names the file for every refusal: missing, a folder, not UTF-8 text.
        return parse(InputFiles.readText(file, "YAML"), file.toString());
    }

    /** Parses price-table YAML; {@code file} names the source in messages. */
    public static PriceTable parse(String yaml, String file) {
        try (JsonParser p = FACTORY.createParser(yaml)) {
            return new Reader(p, file).table();
        } catch (JsonProcessingException e) {
            YamlSyntax problem = YamlSyntax.of(e);
            throw new InputFileException(file, problem.line(), null, problem.message(), e);
        } catch (IOException e) {
            throw new InputFileException(file, 0, null, "cannot parse: " + e.getMessage(), e);
        }
    }

    /** Price per hour of an instance type, if the table lists it. */
    public Optional<Double> pricePerHour(String instanceType) {
        return Optional.ofNullable(perHour.get(instanceType));
    }

    /**
     * Price per hour of a node of this type: its spot price when the node is spot and the table has
     * one, else the on-demand price.
     */
    public Optional<Double> pricePerHour(String instanceType, boolean spot) {
        if (spot && spotPerHour.containsKey(instanceType)) {
            return Optional.of(spotPerHour.get(instanceType));
        }
        return pricePerHour(instanceType);
    }

    public Map<String, Double> spotPricesPerHour() {
        return spotPerHour;
    }

    /** Price per second of an instance type, if the table lists it. */
    public Optional<Double> pricePerSecond(String instanceType) {
        return pricePerHour(instanceType).map(h -> h / SECONDS_PER_HOUR);
    }

    public Map<String, Double> pricesPerHour() {
        return perHour;
    }

    public String currency() {
        return currency;
    }

    /** Walks the token stream; one instance per parse. */
    private static final class Reader {
        private final JsonParser p;
        private final String file;

        Reader(JsonParser p, String file) {
            this.p = p;
            this.file = file;
        }

        PriceTable table() throws IOException {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw fail(0, null, "the file is empty (expected version and pricesPerHour)");
            }
            if (t != JsonToken.START_OBJECT) {
                throw fail(line(), null, "expected a mapping with version and pricesPerHour");
            }
            Integer version = null;
            String currency = "USD";
            Map<String, Double> prices = null;
            Map<String, Double> spot = Map.of();
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                int fieldLine = line();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "version" -> {
                        if (v != JsonToken.VALUE_NUMBER_INT || p.getLongValue() != VERSION) {
                            throw fail(line(), "version", "expected " + VERSION + ", got '" + p.getText() + "'");
                        }
                        version = VERSION;
                    }
                    case "currency" -> {
                        if (!v.isScalarValue()) {
                            throw fail(line(), "currency", "expected a currency name such as USD");
                        }
                        currency = p.getText();
                    }
                    case "pricesPerHour" -> prices = prices(v, "pricesPerHour");
                    case "spotPricesPerHour" -> spot = prices(v, "spotPricesPerHour");
                    default -> throw fail(fieldLine, field,
                            "unknown field (expected version, currency, pricesPerHour, spotPricesPerHour)");
                }
            }
            if (version == null) {
                throw fail(0, "version", "missing (write 'version: 1' as the first line)");
            }
            if (prices == null) {
                throw fail(0, "pricesPerHour", "missing (a mapping of instance type to price per hour)");
            }
            return new PriceTable(prices, spot, currency);
        }

        private Map<String, Double> prices(JsonToken start, String section) throws IOException {
            if (start != JsonToken.START_OBJECT) {
                throw fail(line(), section, "expected a mapping of instance type to price per hour");
            }
            Map<String, Double> prices = new LinkedHashMap<>();
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String type = p.currentName();
                String field = section + "." + type;
                JsonToken v = p.nextToken();
                if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw fail(line(), field, "expected a price per hour (a number >= 0), got '" + p.getText() + "'");
                }
                double price = p.getDoubleValue();
                if (!(price >= 0) || !Double.isFinite(price)) {
                    throw fail(line(), field, "expected a price per hour >= 0, got " + p.getText());
                }
                if (prices.put(type, price) != null) {
                    throw fail(line(), field, "instance type listed twice");
                }
            }
            if (prices.isEmpty()) {
                throw fail(line(), section, "lists no instance type");
            }
            return prices;
        }

        private int line() {
            return Math.max(0, p.currentTokenLocation().getLineNr());
        }

        private InputFileException fail(int line, String field, String problem) {
            return new InputFileException(file, line, field, problem);
        }
    }
}
