@testable import StockFighter
import Foundation
import Testing

/// Runs `body` on a reader over the UTF-8 of `text`.
func reading<T>(_ text: String, _ body: (inout JSONByteReader) throws(ExchangeError) -> T) -> Result<T, ExchangeError> {
    Array(text.utf8).withUnsafeBytes { bytes -> Result<T, ExchangeError> in
        var reader = JSONByteReader(bytes)
        do throws(ExchangeError) {
            return .success(try body(&reader))
        } catch {
            return .failure(error)
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct JSONByteReaderTests {
    /// Whether the byte reader accepts `text` as one whole document.
    func skip(_ text: String) -> Bool {
        let result = reading(text) { reader throws(ExchangeError) in
            try reader.skipValue()
            try reader.expectEnd()
        }
        if case .success = result { return true }
        return false
    }

    @Test(arguments: [
        #"{"a":1}"#, #"[1,2,3]"#, #"{"a":[{"b":null},true,false,-1.5e-3,"x\"y\\z\u00e9\ud83d\ude00"]}"#, "  {}  ", "[]",
        String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
    ])
    func acceptsValidDocumentsThatJSONSerializationAccepts(text: String) {
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil)
        #expect(skip(text))
    }

    /// RFC 8259 violations (Foundation on Linux tolerates the trailing comma; we do not).
    @Test(arguments: [
        #"{"a":1,}"#, #"{"a" 1}"#, #"[1 2]"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":"\x"}"#, #"{"a":tru}"#, #"{"a":1}x"#,
        #"{"a":"#, "", #"{"a":-}"#, #"["\ud83d"]"#, "[\"a\u{01}\"]", String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
    ])
    func rejectsMalformedOrTooDeepDocuments(text: String) {
        #expect(!skip(text))
    }

    @Test func unescapesLikeJSONDecoder() throws {
        let raw = #""a\"b\\c\/d\n\u00e9\ud83d\ude00""#
        let expected = try JSONDecoder().decode(String.self, from: Data(raw.utf8))
        let read = try reading(raw) { reader throws(ExchangeError) in try reader.readString() }.get()
        #expect(read == expected)
    }

    @Test(arguments: ["9223372036854775807", "-9223372036854775808"])
    func readsIntegersAtTheEdgesOfInt64(text: String) throws {
        let value = try reading(text) { reader throws(ExchangeError) in try reader.readInt64() }.get()
        #expect(String(value) == text)
    }

    @Test(arguments: ["9223372036854775808", "12.5", "1e3", "-", "x"])
    func rejectsNumbersThatAreNotInt64(text: String) {
        #expect(throws: ExchangeError.self) {
            try reading(text) { reader throws(ExchangeError) in try reader.readInt64() }.get()
        }
    }
}
