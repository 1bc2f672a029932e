import Live
import StrategyKit
import Wire

/// Writes the Prometheus text exposition format, version 0.0.4: for each metric family a
/// `# HELP` and a `# TYPE` line, then its samples, one per line, `name{label="value"} number`.
///
/// The caller keeps to the format's rules on names (`[a-zA-Z_:][a-zA-Z0-9_:]*`, checked by a
/// precondition) and writes each family's samples together; the writer escapes help text and
/// label values and formats numbers.
public struct MetricsExposition {
    /// A metric family's type.
    public enum Kind: String {
        case counter, gauge, histogram
    }

    /// The text written so far.
    public private(set) var text = ""

    /// The media type of the format, for `Content-Type`.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public init() {}

    /// Starts the family `name` of `kind` with its help line.
    public mutating func family(_ name: String, _ kind: Kind, help: String) {
        precondition(Self.isValidName(name), "invalid metric name \(name)")
        text += "# HELP \(name) "
        for character in help {
            switch character {
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        text += "\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// Writes an integer sample.
    public mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: Int64) {
        line(name, labels, String(value))
    }

    /// Writes an integer sample without labels.
    public mutating func sample(_ name: String, _ value: Int64) {
        line(name, [], String(value))
    }

    /// Writes an amount of money in cents, exactly: whole cents as an integer, a sub-penny
    /// amount with its places (`6700.25` is $67.0025), never through a floating-point number.
    public mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, cents money: Money) {
        var text: [UInt8] = []
        text.appendFixedPoint(money.units, scale: 2)
        line(name, labels, String(decoding: text, as: UTF8.self))
    }

    /// Writes a sample of a measured quantity (seconds).
    public mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String> = [:], seconds value: Double) {
        line(name, labels, Self.format(value))
    }

    /// Writes the samples of a histogram family already started with `family(_:.histogram:)`:
    /// cumulative `_bucket` lines ending with `le="+Inf"`, then `_sum` and `_count`.
    public mutating func histogram(_ name: String, _ histogram: MonitorHistogram) {
        var cumulative: UInt64 = 0
        for (index, count) in histogram.counts.enumerated() {
            cumulative += count
            let bound = index < histogram.bounds.count ? Self.format(histogram.bounds[index]) : "+Inf"
            line(name + "_bucket", [(key: "le", value: bound)], String(cumulative))
        }
        line(name + "_sum", [], Self.format(histogram.sum))
        line(name + "_count", [], String(histogram.count))
    }

    private mutating func line(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: String) {
        line(name, Array(labels), value)
    }

    private mutating func line(_ name: String, _ labels: [(key: String, value: String)], _ value: String) {
        text += name
        if !labels.isEmpty {
            text += "{"
            for (index, label) in labels.enumerated() {
                if index > 0 { text += "," }
                text += label.key + "=\""
                for character in label.value {
                    switch character {
                    case "\\": text += "\\\\"
                    case "\"": text += "\\\""
                    case "\n": text += "\\n"
                    default: text.append(character)
                    }
                }
                text += "\""
            }
            text += "}"
        }
        text += " " + value + "\n"
    }

    /// A float as the format writes it: Go-style `+Inf`, `-Inf`, `NaN`, else Swift's shortest
    /// round-trip decimal.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return "\(value)"
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(48...57).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte) || byte == 95 || byte == 58
        }
    }
}

