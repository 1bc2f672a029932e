import Foundation
@testable import Ledger
import StrategyKit
import Testing
import Wire

/// The byte parser checked against `JSONDecoder` as the oracle: same values on every line the
/// decoder accepts, refusal of every line it refuses.
@Suite(.timeLimit(.minutes(10))) struct LedgerLineParserTests {
    /// What `JSONDecoder` makes of a line, plus the format's range rules.
    struct OracleLine: Decodable, Equatable {
        var seq: UInt64, time: Int64, iso: String, venue: String, account: String, symbol: String
        var order: Int64, index: Int64, side: String, price: Int64, qty: Int64, strategy: String
        var reconciled: Bool, position: Int64, cash: Int64, realized: Int64, prev: String, sum: String

        var isInRange: Bool {
            let hex = { (text: String) in text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } }
            return seq >= 1 && seq <= Int64.max && index >= 0 && price >= 0 && qty >= 1 && (side == "buy" || side == "sell")
                && ![venue, account, symbol, strategy].contains("") && hex(prev) && hex(sum)
        }
    }

    /// `JSONDecoder` plus the format's rules. The decoder turns `1.5` or `1e3` into an `Int64`
    /// (through a `Double`, rounding); the format wants integer syntax, so such lines are out.
    private func oracle(_ bytes: [UInt8]) -> OracleLine? {
        guard !Self.hasNonIntegerNumber(bytes), let line = try? JSONDecoder().decode(OracleLine.self, from: Data(bytes)), line.isInRange else { return nil }
        return line
    }

    private func parsed(_ bytes: [UInt8]) -> OracleLine? {
        var line = LedgerLine()
        let fault = bytes.withUnsafeBytes { LedgerLineParser.parse($0, into: &line) }
        guard fault == nil else { return nil }
        let iso = line.isoEscaped ? "<escaped>" : String(decoding: bytes[line.isoRange], as: UTF8.self)
        let hex = { (value: UInt64) in LedgerChecksum(value).description }
        return OracleLine(
            seq: line.sequence, time: line.time, iso: iso, venue: line.venue, account: line.account, symbol: line.symbol,
            order: line.order, index: line.index, side: line.isBuy ? "buy" : "sell", price: line.price, qty: line.qty,
            strategy: line.strategy, reconciled: line.reconciled, position: line.position, cash: line.cash,
            realized: line.realized, prev: hex(line.previous), sum: hex(line.sum))
    }

    private static let alphabet: [Character] = ["A", "z", "0", "-", " ", "\"", "\\", "/", "\u{01}", "\u{1f}", "é", "€", "😀", "\u{7f}"]

    private func randomName(_ rng: inout SplitMix) -> String {
        String((0..<Int.random(in: 1...8, using: &rng)).map { _ in Self.alphabet.randomElement(using: &rng)! })
    }

    private func randomEntry(_ rng: inout SplitMix) -> LedgerEntry {
        let fill = Fill(
            venue: Venue(randomName(&rng)), account: Account(randomName(&rng)), symbol: Symbol(randomName(&rng)),
            orderID: OrderID(Int64.random(in: .min ... .max, using: &rng)), index: Int.random(in: 0...1000, using: &rng),
            side: Bool.random(using: &rng) ? .buy : .sell, price: Price(units: Int64.random(in: 0 ... .max, using: &rng)),
            qty: Quantity(shares: Int64.random(in: 1 ... .max, using: &rng)),
            time: Timestamp(nanoseconds: Int64.random(in: -1_000_000_000_000_000_000...4_000_000_000_000_000_000, using: &rng)),
            strategyID: StrategyID(randomName(&rng)))
        return LedgerEntry(
            sequence: UInt64.random(in: 1...UInt64(Int64.max), using: &rng), fill: fill, reconciled: Bool.random(using: &rng),
            positionAfter: Quantity(shares: Int64.random(in: .min ... .max, using: &rng)),
            cashAfter: Money(units: Int64.random(in: .min ... .max, using: &rng)),
            realizedAfter: Money(units: Int64.random(in: .min ... .max, using: &rng)),
            previousChecksum: LedgerChecksum(UInt64.random(in: 0 ... .max, using: &rng)),
            checksum: LedgerChecksum(UInt64.random(in: 0 ... .max, using: &rng)))
    }

    @Test func agreesWithJSONDecoderOnWrittenLines() throws {
        var rng = SplitMix(seed: 1)
        for _ in 0..<500 {
            let line = Array(randomEntry(&rng).line.utf8.dropLast())
            let expected = try #require(oracle(line), "JSONDecoder refused \(String(decoding: line, as: UTF8.self))")
            #expect(parsed(line) == expected)
        }
    }

    @Test func agreesWithJSONDecoderOnReorderedSpacedAndEscapedLines() throws {
        var rng = SplitMix(seed: 2)
        for _ in 0..<500 {
            let line = Array(Self.reserialize(randomEntry(&rng), using: &rng).utf8)
            let expected = try #require(oracle(line), "JSONDecoder refused \(String(decoding: line, as: UTF8.self))")
            #expect(parsed(line) == expected, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func refusesExactlyWhatJSONDecoderRefusesOnDamagedLines() {
        var rng = SplitMix(seed: 3)
        let inserts = Array(#","{}[]:\ x1-0.eE"#.utf8) + [0x00, 0x0a, 0xff]
        for _ in 0..<3000 {
            var line = Array(randomEntry(&rng).line.utf8.dropLast())
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let at = Int.random(in: 0..<line.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: line.remove(at: at)
                case 1: line.insert(inserts.randomElement(using: &rng)!, at: at)
                default: line.removeSubrange(at...)
                }
                if line.isEmpty { line = [0x20] }
            }
            #expect(parsed(line) == oracle(line), "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test func unknownMembersAreSkipped() throws {
        let line = #"{"seq":1,"time":0,"iso":"1970-01-01T00:00:00.000000000Z","venue":"V","account":"A","symbol":"S","#
            + #""order":1,"index":0,"side":"buy","price":1,"qty":1,"strategy":"s","reconciled":false,"position":1,"#
            + #""cash":-1,"realized":0,"note":{"tags":[1,-2,null,true,"x",{},[]]},"prev":"0000000000000000","sum":"0000000000000000"}"#
        let bytes = Array(line.utf8)
        let parsedLine = try #require(parsed(bytes))
        #expect(parsedLine == oracle(bytes))
        let withFraction = Array(line.replacingOccurrences(of: "-2,", with: "-2.5e3,").utf8)
        #expect(parsed(withFraction) == parsed(bytes))
    }

    /// Whether a number outside strings has a fraction or an exponent.
    static func hasNonIntegerNumber(_ bytes: [UInt8]) -> Bool {
        var inString = false
        var escaped = false
        var previousIsDigit = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if previousIsDigit, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            previousIsDigit = (0x30...0x39).contains(byte)
        }
        return false
    }

    /// The entry's members in a random order, with random whitespace and random escapes.
    static func reserialize(_ entry: LedgerEntry, using rng: inout SplitMix) -> String {
        let fill = entry.fill
        let strings: [(String, String)] = [
            ("iso", fill.time.iso8601), ("venue", fill.venue.rawValue), ("account", fill.account.rawValue),
            ("symbol", fill.symbol.rawValue), ("side", fill.side.rawValue), ("strategy", fill.strategyID.rawValue),
            ("prev", entry.previousChecksum.description), ("sum", entry.checksum.description),
        ]
        let literals: [(String, String)] = [
            ("seq", "\(entry.sequence)"), ("time", "\(fill.time.nanoseconds)"), ("order", "\(fill.orderID)"),
            ("index", "\(fill.index)"), ("price", "\(fill.price.units)"), ("qty", "\(fill.qty.shares)"),
            ("reconciled", "\(entry.reconciled)"), ("position", "\(entry.positionAfter.shares)"),
            ("cash", "\(entry.cashAfter.units)"), ("realized", "\(entry.realizedAfter.units)"),
        ]
        let space = { (rng: inout SplitMix) in [" ", "", "\t", "  ", "\r"].randomElement(using: &rng)! }
        var members: [String] = []
        for (key, text) in (strings.map { ($0.0, escape($0.1, using: &rng, keepingISO: $0.0 == "iso")) } + literals).shuffled(using: &rng) {
            members.append(space(&rng) + escape(key, using: &rng) + space(&rng) + ":" + space(&rng) + text + space(&rng))
        }
        return space(&rng) + "{" + members.joined(separator: ",") + "}" + space(&rng)
    }

    /// `text` as a JSON string with some characters escaped at random (none in an `iso` value,
    /// which the parser compares byte for byte).
    private static func escape(_ text: String, using rng: inout SplitMix, keepingISO: Bool = false) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            if mustEscape || !keepingISO && Int.random(in: 0..<4, using: &rng) == 0 {
                for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A small seeded random number generator, so that failures repeat.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
