import Wire

/// A JSON document read with Wire's reader, numbers kept as their exact text: what the contract
/// tests check types and decimal values on (a number is never turned into a Double).
indirect enum WireJSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([WireJSON])
    case object([String: WireJSON])

    /// Parses `bytes` as one JSON document.
    static func parse(_ bytes: [UInt8]) throws -> WireJSON {
        try bytes.withUnsafeBytes { buffer throws(JSONReadError) -> WireJSON in
            var reader = JSONReader(buffer)
            let value = try read(&reader, buffer)
            try reader.expectEnd()
            return value
        }
    }

    private static func read(_ reader: inout JSONReader, _ buffer: UnsafeRawBufferPointer) throws(JSONReadError) -> WireJSON {
        switch reader.peek() {
        case UInt8(ascii: "{"):
            var members: [String: WireJSON] = [:]
            try reader.readObject { reader, key throws(JSONReadError) in
                members[String(decoding: key.bytes, as: UTF8.self)] = try read(&reader, buffer)
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [WireJSON] = []
            try reader.readArray { reader throws(JSONReadError) in elements.append(try read(&reader, buffer)) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try reader.string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try reader.bool())
        case UInt8(ascii: "n"):
            _ = try reader.null()
            return .null
        default:
            let start = reader.offset
            try reader.skipNumber()
            return .number(String(decoding: buffer[start..<reader.offset], as: UTF8.self))
        }
    }

    subscript(key: String) -> WireJSON? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    subscript(index: Int) -> WireJSON? {
        if case let .array(elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    var number: String? {
        if case let .number(text) = self { return text }
        return nil
    }

    var array: [WireJSON]? {
        if case let .array(elements) = self { return elements }
        return nil
    }

    var object: [String: WireJSON]? {
        if case let .object(members) = self { return members }
        return nil
    }

    /// The JSON type's name: null, bool, number, string, array or object.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case let .bool(value): String(value)
        case let .number(text): text
        case let .string(text): "\"\(text)\""
        case let .array(elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case let .object(members): "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }
}
