import Foundation
import StrategyKit
import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct JSONWritingTests {
    static let awkward = "q\"b\\s/\u{0}\u{1}\u{8}\t\n\r\u{1F}\u{7F}é日😀"

    @Test func unicodeEscapesWriteEveryControlCharacterAsAUnicodeEscape() {
        var bytes: [UInt8] = []
        bytes.appendJSONString(Self.awkward)
        #expect(String(decoding: bytes, as: UTF8.self) == #""q\"b\\s/\u0000\u0001\u0008\u0009\u000a\u000d\u001f"# + "\u{7F}é日😀\"")
    }

    @Test func shortEscapesWriteNewlinesReturnsAndTabsShort() {
        var bytes: [UInt8] = []
        bytes.appendJSONString(Self.awkward, style: .shortEscapes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""q\"b\\s/\u0000\u0001\u0008\t\n\r\u001f"# + "\u{7F}é日😀\"")
    }

    @Test(arguments: [JSONStringStyle.unicodeEscapes, .shortEscapes])
    func escapedStringsReadBackUnchanged(style: JSONStringStyle) throws {
        var bytes: [UInt8] = []
        bytes.appendJSONString(Self.awkward, style: style)
        #expect(try JSONDecoder().decode(String.self, from: Data(bytes)) == Self.awkward)
        let read = try bytes.withUnsafeBytes { raw throws(JSONReadError) in
            var reader = JSONReader(raw)
            return try reader.string()
        }
        #expect(read == Self.awkward)
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_000_000_007, Int64.max])
    func decimalsAreTheDigitsOfTheInteger(value: Int64) throws {
        var bytes: [UInt8] = []
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        let read = try bytes.withUnsafeBytes { raw throws(JSONReadError) in
            var reader = JSONReader(raw)
            return try reader.int64()
        }
        #expect(read == value)
    }

    @Test(arguments: [UInt64.max, UInt64(Int64.max) + 1, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999])
    func unsignedDecimalsReachTwentyDigits(value: UInt64) {
        var bytes: [UInt8] = [UInt8(ascii: "x")]
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value))
    }

    @Test func timestampsAreISO8601WithNanoseconds() {
        var writer = JSONWriter()
        writer.timestamp(Timestamp(nanoseconds: 1_449_219_736_680_986_205))
        writer.raw(",")
        writer.timestamp(Timestamp(nanoseconds: -1))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""2015-12-04T09:02:16.680986205Z","1969-12-31T23:59:59.999999999Z""#)
    }

    @Test func theWriterUsesItsStyleForStrings() {
        var writer = JSONWriter(style: .shortEscapes)
        writer.raw("{")
        writer.key("a")
        writer.string("x\ny")
        writer.raw(",")
        writer.key("b")
        writer.int(-5)
        writer.raw(",")
        writer.key("c")
        writer.bool(false)
        writer.raw("}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":"x\ny","b":-5,"c":false}"#)
    }
}
