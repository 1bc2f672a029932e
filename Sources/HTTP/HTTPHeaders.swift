/// The header fields of a request or response, in the order they were given.
///
/// Names keep their spelling; lookups compare names without regard to ASCII case, as HTTP
/// requires. Several fields may share a name.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The field name as written.
        public var name: String
        /// The field value with surrounding whitespace removed.
        public var value: String

        /// A field with this name and value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// No fields.
    public init() { fields = [] }

    /// These fields, in this order.
    public init(_ fields: [Field]) { self.fields = fields }

    /// The given name/value pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The value of the first field named `name` (any case), or nil.
    public subscript(name: String) -> String? {
        for field in fields where Self.namesEqual(field.name, name) { return field.value }
        return nil
    }

    /// The values of every field named `name` (any case), in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for field in fields where Self.namesEqual(field.name, name) { values.append(field.value) }
        return values
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// The number of fields named `name` (any case).
    func count(of name: String) -> Int {
        var count = 0
        for field in fields where Self.namesEqual(field.name, name) { count += 1 }
        return count
    }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` (any case) with one field of this value.
    public mutating func set(name: String, value: String) {
        remove(name: name)
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// Whether the comma-separated tokens of the `Connection` fields include `token` (any case).
    func connectionHas(_ token: String) -> Bool {
        for value in values(for: "Connection") {
            for part in value.split(separator: ",") {
                let trimmed = part.trimmingASCIIWhitespace()
                if Self.namesEqual(String(trimmed), token) { return true }
            }
        }
        return false
    }

    /// ASCII case-insensitive equality, without allocating.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        // Most names differ in length, which a native string knows without reading its bytes.
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case let (l?, r?):
                if l == r { continue }
                if l | 0x20 != r | 0x20 { return false }
                let lower = l | 0x20
                if lower < UInt8(ascii: "a") || lower > UInt8(ascii: "z") { return false }
            default: return false
            }
        }
    }
}

extension Substring {
    /// This text without leading and trailing spaces and tabs (HTTP's optional white space).
    public func trimmingASCIIWhitespace() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
