import Foundation

/// Foundation's decoder, named for the tests that compare what the code writes with it.
public enum JSONDecoderForTests {
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }
}
