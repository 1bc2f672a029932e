import Foundation
import Testing
import Wire

/// Runs `body` on a reader over the UTF-8 of `text`.
func reading<T>(_ text: String, _ body: (inout JSONReader) throws(JSONReadError) -> T) -> Result<T, JSONReadError> {
    Array(text.utf8).withUnsafeBytes { bytes -> Result<T, JSONReadError> in
        var reader = JSONReader(bytes)
        do throws(JSONReadError) {
            return .success(try body(&reader))
        } catch {
            return .failure(error)
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct JSONReaderTests {
    /// The error the reader gives for `text` as one whole document, or nil when it accepts it.
    func skipError(_ text: String) -> JSONReadError? {
        let result = reading(text) { reader throws(JSONReadError) in
            try reader.skipValue()
            try reader.expectEnd()
        }
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test(arguments: [
        #"{"a":1}"#, #"[1,2,3]"#, #"{"a":[{"b":null},true,false,-1.5e-3,"x\"y\\z\u00e9\ud83d\ude00"]}"#, "  {}  ", "[]",
        String(repeating: "[", count: 64) + String(repeating: "]", count: 64), #""abcdefghijklmnopqrstuvwxyzé0123456789""#,
    ])
    func acceptsValidDocumentsThatJSONSerializationAccepts(text: String) {
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil)
        #expect(skipError(text) == nil)
    }

    /// RFC 8259 violations (Foundation on Linux tolerates the trailing comma; we do not).
    @Test(arguments: [
        #"{"a":1,}"#, #"{"a" 1}"#, #"[1 2]"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":"\x"}"#, #"{"a":tru}"#, #"{"a":1}x"#,
        #"{"a":"#, "", #"{"a":-}"#, #"["\ud83d"]"#, "[\"a\u{01}\"]", String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
    ])
    func rejectsMalformedOrTooDeepDocuments(text: String) {
        #expect(skipError(text) != nil)
    }

    /// Each kind of fault is its own case, at the offset where the reader stopped.
    @Test(arguments: [
        (#"[1,]"#, JSONReadError.expected("a value", offset: 3)),
        ("[\"ab\u{01}\"]", .controlCharacter(offset: 4)),
        (#"["abc"#, .unterminatedString(offset: 5)),
        (#"["a\qb"]"#, .badEscape(offset: 4)),
        (#"["\u12"]"#, .badUnicodeEscape(offset: 4)),
        (#"["x\udc00"]"#, .badUnicodeEscape(offset: 3)),
        (#"["\ud83dx"]"#, .badUnicodeEscape(offset: 2)),
        (#"[012]"#, .leadingZero(offset: 1)),
        (#"{"a" 1}"#, .expected("':'", offset: 5)),
        (#"[1 2]"#, .expected("',' or ']'", offset: 3)),
        (#"[1]x"#, .expected("end of document", offset: 3)),
        (String(repeating: "[", count: 65), .nestedTooDeeply(offset: 65)),
    ])
    func malformedInputGivesATypedErrorAtItsOffset(text: String, error: JSONReadError) {
        #expect(skipError(text) == error)
    }

    @Test func invalidUTF8InASkippedStringIsRefused() {
        let bytes: [UInt8] = [UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")]
        let error = bytes.withUnsafeBytes { raw -> JSONReadError? in
            var reader = JSONReader(raw)
            do throws(JSONReadError) {
                try reader.skipValue()
                return nil
            } catch {
                return error
            }
        }
        #expect(error == .invalidUTF8(offset: 1))
    }

    @Test(arguments: [
        #""a\"b\\c\/d\n\u00e9\ud83d\ude00""#, #""\b\f\r\t\u0000\u001F\uFFFF""#, #""plain ascii, no escapes at all""#,
        #""\uD834\uDD1E and é and 日本""#,
    ])
    func unescapesLikeJSONDecoder(raw: String) throws {
        let expected = try JSONDecoder().decode(String.self, from: Data(raw.utf8))
        let read = try reading(raw) { reader throws(JSONReadError) in try reader.string() }.get()
        #expect(read == expected)
    }

    @Test func rawStringSaysWhetherItIsEscapedOrASCII() throws {
        let flags = try reading(#"["abc","a\nb","é"]"#) { reader throws(JSONReadError) in
            var flags: [(Bool, Bool)] = []
            try reader.readArray { reader throws(JSONReadError) in
                let raw = try reader.rawString()
                flags.append((raw.isEscaped, raw.isASCII))
            }
            return flags
        }.get()
        #expect(flags.map(\.0) == [false, true, false])
        #expect(flags.map(\.1) == [true, true, false])
    }

    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "0", "-0", "  42"])
    func readsIntegersAtTheEdgesOfInt64(text: String) throws {
        let value = try reading(text) { reader throws(JSONReadError) in try reader.int64() }.get()
        #expect(value == Int64(text.trimmingCharacters(in: .whitespaces)))
    }

    @Test(arguments: [
        ("9223372036854775808", JSONReadError.integerOutOfRange(offset: 0)),
        ("-9223372036854775809", .integerOutOfRange(offset: 1)),
        ("123456789012345678901", .integerOutOfRange(offset: 0)),
        ("12.5", .expected("an integer", offset: 2)), ("1e3", .expected("an integer", offset: 1)),
        ("-", .expected("an integer", offset: 1)), ("x", .expected("an integer", offset: 0)), ("007", .leadingZero(offset: 0)),
    ])
    func refusesNumbersThatAreNotInt64(text: String, error: JSONReadError) {
        let result = reading(text) { reader throws(JSONReadError) in try reader.int64() }
        #expect(throws: error) { try result.get() }
    }

    /// Integers of every length up to 20 digits, with and without eight bytes after their start
    /// (the reader takes up to eight digits at once when it can load eight bytes): the same
    /// value, or the same error at the same offset, as read digit by digit.
    @Test(arguments: [false, true])
    func integersOfEveryLengthReadTheSameWhateverFollows(padded: Bool) throws {
        let digits = "98765432109876543210"
        for length in 1...digits.count {
            for sign in ["", "-"] {
                let number = sign + digits.prefix(length)
                for tail in padded ? [",0000000000", "]        ", ".5       ", "e7        ", "x        "] : ["", ",", "]", ".5", "E7"] {
                    let result = reading(number + tail) { reader throws(JSONReadError) -> (Int64, Int) in (try reader.int64(), reader.offset) }
                    let firstDigit = sign.count
                    switch (Int64(number), tail.first) {
                    case (_, "."?), (_, "e"?), (_, "E"?):
                        #expect(throws: length > 19 ? .integerOutOfRange(offset: firstDigit) : JSONReadError.expected("an integer", offset: number.count)) {
                            try result.get()
                        }
                    case (let value?, _):
                        let read = try result.get()
                        #expect(read.0 == value && read.1 == number.count, "\(number + tail)")
                    case (nil, _):
                        #expect(throws: JSONReadError.integerOutOfRange(offset: firstDigit)) { try result.get() }
                    }
                }
            }
        }
    }

    @Test(arguments: [
        ("00000000,", JSONReadError.leadingZero(offset: 0)), ("0123456789", .leadingZero(offset: 0)), ("-01234567,", .leadingZero(offset: 1)),
        ("12345678:9", .integerOutOfRange(offset: -1)), ("1234567/8", .integerOutOfRange(offset: -1)), ("123 45678", .integerOutOfRange(offset: -1)),
    ])
    func digitsStopAtTheFirstByteThatIsNotOne(text: String, error: JSONReadError) throws {
        let result = reading(text) { reader throws(JSONReadError) -> (Int64, Int) in (try reader.int64(), reader.offset) }
        guard case .integerOutOfRange(offset: -1) = error else {
            #expect(throws: error) { try result.get() }
            return
        }
        // Not an error: the number ends at the first byte that is not a digit.
        let number = text.prefix { $0.isASCII && $0.isNumber }
        let read = try result.get()
        #expect(read.0 == (try #require(Int64(number))) && read.1 == number.count)
    }

    /// The fast path of book entries takes `[a,b]` written compactly, and leaves anything else,
    /// unconsumed, to the general reading.
    @Test(arguments: [
        ("[499999000,5000],", (499_999_000, 5_000), 16), ("[0,0]", (0, 0), 5), ("[123456789012345678,1]]", (123_456_789_012_345_678, 1), 22),
        ("[7,12345678]", (7, 12_345_678), 12),
    ] as [(String, (Int64, Int64), Int)])
    func aCompactPairIsReadWhole(text: String, pair: (Int64, Int64), offset: Int) throws {
        let read = try reading(text) { reader throws(JSONReadError) in (reader.compactIntegerPair(), reader.offset) }.get()
        #expect(read.0?.0 == pair.0 && read.0?.1 == pair.1 && read.1 == offset)
    }

    @Test(arguments: [
        "[1, 2]", " [1,2]", "[-1,2]", "[01,2]", "[1,02]", "[1.5,2]", "[1,2e3]", "[1,2 ]", "[1,2", "[1234567890123456789,1]",
        "[1,00000000]", "[00000000,1]", "[1,]", "[,1]", "[1]", "{1,2}",
    ])
    func anythingElseIsLeftUnreadForTheGeneralPath(text: String) throws {
        let read = try reading(text) { reader throws(JSONReadError) in (reader.compactIntegerPair() == nil, reader.offset) }.get()
        #expect(read.0 && read.1 == 0)
    }

    /// `consume(exactly:)` compares eight bytes at a time where it can: a word of any length is
    /// consumed only when every one of its bytes is there, wherever the one that differs stands,
    /// and not when the input ends inside it.
    @Test(arguments: [
        "a", "abcdefg", "abcdefgh", "abcdefghi", "\"exchangeTime\":", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwx",
    ] as [StaticString])
    func aWordIsConsumedExactlyWhenEveryByteIsThere(word: StaticString) throws {
        let text = word.description
        for tail in ["", "]", "0123456789"] {
            #expect(try reading(text + tail) { reader throws(JSONReadError) in (reader.consume(exactly: word), reader.offset) }.get() == (true, text.utf8.count))
        }
        for index in 0..<text.utf8.count {
            var bytes = Array(text.utf8)
            bytes[index] ^= 0x20
            let changed = String(decoding: bytes, as: UTF8.self) + "0123456789"
            #expect(try reading(changed) { reader throws(JSONReadError) in (reader.consume(exactly: word), reader.offset) }.get() == (false, 0), "\(index)")
        }
        let short = String(text.dropLast())
        #expect(try reading(short) { reader throws(JSONReadError) in (reader.consume(exactly: word), reader.offset) }.get() == (false, 0))
    }

    @Test func aRangeCheckedIntegerNamesItsField() {
        let result = reading("1001") { reader throws(JSONReadError) in try reader.int64(in: 0...1000, field: "qty") }
        #expect(throws: JSONReadError.refused("qty: 1001 is out of range 0...1000")) { try result.get() }
    }

    @Test func objectsHandEachKeyToTheCallerAndSkipWhitespace() throws {
        let pairs = try reading(#" { "a" : 1 , "b":[ true ] , "c" : null } "#) { reader throws(JSONReadError) in
            var keys: [String] = []
            try reader.readObject { reader, key throws(JSONReadError) in
                keys.append(String(decoding: key.bytes, as: UTF8.self))
                try reader.skipValue()
            }
            try reader.expectEnd()
            return keys
        }.get()
        #expect(pairs == ["a", "b", "c"])
    }

    @Test func aStringIsScannedToItsFirstQuoteEscapeControlOrNonASCIIByteAtEveryLengthAndPlace() throws {
        // Strings of every length to 20 (within and past the eight-byte steps), with each kind of
        // byte the steps stop at in every place: the result is what a byte-by-byte scan gives.
        typealias Scanned = (count: Int, escaped: Bool, ascii: Bool, end: Int)
        func scan(_ text: String) -> Result<Scanned, JSONReadError> {
            reading(text) { reader throws(JSONReadError) in
                let raw = try reader.rawString()
                return (raw.bytes.count, raw.isEscaped, raw.isASCII, reader.offset)
            }
        }
        for length in 0...20 {
            let plain = try scan("\"" + String(repeating: "a", count: length) + "\"").get()
            #expect(plain.count == length && !plain.escaped && plain.ascii && plain.end == length + 2)
            for place in 0..<length {
                let (before, after) = (String(repeating: "a", count: place), String(repeating: "b", count: length - place))
                let escape = try scan("\"" + before + "\\n" + after + "\"").get()
                #expect(escape.count == length + 2 && escape.escaped && escape.ascii, "escape at \(place) of \(length)")
                let accent = try scan("\"" + before + "é" + after + "\"").get()
                #expect(accent.count == length + 2 && !accent.escaped && !accent.ascii, "é at \(place) of \(length)")
                let early = try scan("\"" + before + "\"" + after + "\"").get()
                #expect(early.count == place && early.end == place + 2, "quote at \(place) of \(length)")
                guard case .failure(let error) = scan("\"" + before + "\u{01}" + after + "\"") else {
                    Issue.record("control character at \(place) of \(length) accepted")
                    continue
                }
                #expect(error == .controlCharacter(offset: place + 1), "control character at \(place) of \(length)")
            }
        }
    }

    @Test func theMatchingPrefixIsCountedByteForByteAtEveryLengthAndPlace() {
        // Every length from 0 to 40 on either side, the first difference at every place: the
        // eight-byte steps must find what a byte-by-byte count finds.
        let base = (0..<40).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        for length in 0...40 {
            for otherLength in [0, 1, 7, 8, 9, 39, 40] {
                for difference in [nil] + Array(0..<min(length, otherLength)) {
                    var other = Array(base.prefix(otherLength))
                    if let difference { other[difference] ^= 0x20 }
                    let expected = zip(base.prefix(length), other).prefix { $0 == $1 }.count
                    let counted = base.prefix(length).withUnsafeBytes { here in
                        other.withUnsafeBytes { JSONReader(here).matchingPrefixCount($0) }
                    }
                    #expect(counted == expected, "length \(length), other \(otherLength), difference at \(String(describing: difference))")
                }
            }
        }
        // Counted from the read position, which moves on by `advance(by:)`.
        let text = Array("xxabcd".utf8)
        text.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes)
            reader.advance(by: 2)
            #expect(reader.offset == 2)
            #expect(Array("abce".utf8).withUnsafeBytes { reader.matchingPrefixCount($0) } == 3)
        }
    }
}
