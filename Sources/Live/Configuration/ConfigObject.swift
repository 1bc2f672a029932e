import StrategyKit
import Wire

/// Reads one JSON object of a configuration, key by key, remembering the key path for errors
/// and which keys were read, so that `finish()` can refuse any key nobody asked for: a typo
/// must not silently disable a risk limit.
struct ConfigObject {
    let file: String
    let path: String
    private let fields: [String: JSONValue]
    private var read: Set<String> = []

    init(file: String, path: String, value: JSONValue) throws(ConfigurationError) {
        guard case .object(let fields) = value else {
            throw ConfigurationError(file: file, keyPath: path, message: "expected an object, got \(value.kindDescription)")
        }
        self.file = file
        self.path = path
        self.fields = fields
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, keyPath: keyPath(key), message: message)
    }

    /// The raw value of `key`, or nil if absent (or null).
    mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        guard let value = fields[key], value != .null else { return nil }
        return value
    }

    mutating func require(_ key: String) throws(ConfigurationError) -> JSONValue {
        guard let value = value(key) else { throw error(key, "missing required key") }
        return value
    }

    mutating func object(_ key: String) throws(ConfigurationError) -> ConfigObject? {
        guard let value = value(key) else { return nil }
        return try ConfigObject(file: file, path: keyPath(key), value: value)
    }

    mutating func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value, !text.isEmpty else {
            throw error(key, "expected a non-empty string, got \(value.brief)")
        }
        return text
    }

    mutating func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw error(key, "expected true or false, got \(value.brief)") }
        return flag
    }

    /// An integer within `range`; the message says "positive" or "non-negative" when the range
    /// is that simple.
    mutating func integer(_ key: String, in range: ClosedRange<Int64>) throws(ConfigurationError) -> Int64? {
        guard let value = value(key) else { return nil }
        guard case .integer(let number) = value, range.contains(number) else {
            throw error(key, "expected \(ConfigObject.describe(range)), got \(value.brief)")
        }
        return number
    }

    /// A positive number of shares.
    mutating func quantity(_ key: String) throws(ConfigurationError) -> Quantity? {
        try integer(key, in: 1...Int64.max).map { Quantity(shares: $0) }
    }

    /// A positive amount of cents (configuration values stay in cents), converted exactly to
    /// `Money`; a number of cents that does not fit in `Money`'s units is refused.
    mutating func money(_ key: String) throws(ConfigurationError) -> Money? {
        try integer(key, in: 1...Int64.max / Price.unitsPerCent).map { Money(cents: $0) }
    }

    mutating func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw error(key, "expected an array of strings, got \(value.brief)") }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item, !text.isEmpty else {
                throw ConfigurationError(file: file, keyPath: "\(keyPath(key))[\(index)]", message: "expected a non-empty string, got \(item.brief)")
            }
            result.append(text)
        }
        return result
    }

    mutating func objects(_ key: String) throws(ConfigurationError) -> [ConfigObject]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else { throw error(key, "expected an array of objects, got \(value.brief)") }
        var result: [ConfigObject] = []
        for (index, item) in items.enumerated() {
            result.append(try ConfigObject(file: file, path: "\(keyPath(key))[\(index)]", value: item))
        }
        return result
    }

    /// Every key of this object with its value, marking all as read (for free-form maps such
    /// as strategy parameters, which are checked against a schema elsewhere).
    mutating func allFields() -> [String: JSONValue] {
        read.formUnion(fields.keys)
        return fields
    }

    /// Refuses the first (in sorted order) key that was never read.
    func finish() throws(ConfigurationError) {
        if let unknown = fields.keys.sorted().first(where: { !read.contains($0) }) {
            throw error(unknown, "unknown key")
        }
    }

    static func describe(_ range: ClosedRange<Int64>) -> String {
        switch (range.lowerBound, range.upperBound) {
        case (1, .max): return "a positive integer"
        case (0, .max): return "a non-negative integer"
        case (let low, let high): return "an integer in \(low)...\(high)"
        }
    }
}

extension ConfigObject {
    /// A duration written with its unit, `500ms`, `10s`, `2m` or `1h`, within `range`.
    mutating func duration(_ key: String, in range: ClosedRange<Duration>) throws(ConfigurationError) -> Duration? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value, let duration = DurationText.parse(text), range.contains(duration) else {
            throw error(key, "expected a duration from \(DurationText.describe(range.lowerBound)) to \(DurationText.describe(range.upperBound)) with its unit (500ms, 10s, 2m, 1h), got \(value.brief)")
        }
        return duration
    }
}
