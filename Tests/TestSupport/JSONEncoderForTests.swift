import Foundation

/// An encoder with stable output (sorted keys) for the tests' comparisons.
public enum JSONEncoderForTests {
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }
}
