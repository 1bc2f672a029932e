import Foundation
@testable import Recording
import StrategyKit
import Testing
import Wire

/// The book-line parser does not parse again a side written the same as the last side of its
/// kind, nor the entries a side shares whole with it from its start: what it gives must be what
/// parsing gives, line after line, whatever the neighbours.
@Suite(.timeLimit(.minutes(10))) struct BookLineRepeatTests {
    static func line(seq: Int, bids: String, asks: String) -> String {
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":\#(seq),"exchangeTime":\#(seq),"receivedTime":\#(seq),"bids":\#(bids),"asks":\#(asks)}"#
    }

    /// A side's text as a recording's writer writes it, or spaced out.
    static func sideText(_ side: [(price: Int64, qty: Int64)], spaced: Bool = false) -> String {
        let entries = side.map { spaced ? "[ \($0.price), \($0.qty) ]" : "[\($0.price),\($0.qty)]" }
        return spaced ? "[ " + entries.joined(separator: " , ") + " ]" : "[" + entries.joined(separator: ",") + "]"
    }

    /// Expects `parser` to give for `line` what a fresh parser gives (the same book, or the same
    /// error), and JSONDecoder when it is a book.
    static func expectParsedAsAlone(_ line: String, by parser: inout BookLineParser) throws {
        let bytes = Array(line.utf8)
        var fresh = BookLineParser(booksHeld: 2)
        let parsed = Result { try bytes.withUnsafeBytes { try parser.parse($0) } }
        let alone = Result { try bytes.withUnsafeBytes { try fresh.parse($0) } }
        switch (parsed, alone) {
        case (.success(let book), .success(let expected)):
            #expect(book == expected, "\(line)")
            #expect(book.map(RecordedEvent.book) == (try JSONDecoder().decode(RecordedEvent.self, from: Data(bytes))), "\(line)")
        case (.failure(let error), .failure(let expected)): #expect("\(error)" == "\(expected)", "\(line)")
        default: Issue.record("\(line): the parser gives \(parsed), a fresh one \(alone)")
        }
    }

    /// Sides repeated, extended past the last one's text, respaced, moved from bids to asks,
    /// made null or empty between repeats.
    static let lines = [
        line(seq: 1, bids: "[[5000,1]]", asks: "[[5010,2]]"),
        line(seq: 2, bids: "[[5000,1]]", asks: "[[5010,2]]"),
        line(seq: 3, bids: "[[5000,1],[4990,2]]", asks: "[[5010,2]]"),
        line(seq: 4, bids: "[[5000,1],[4990,2]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 5, bids: "[ [5000,1],[4990,2]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 6, bids: "[[5010,2]]", asks: "[[5010,2]]"),
        line(seq: 7, bids: "null", asks: "[[5010,2]]"),
        line(seq: 8, bids: "[[5010,2]]", asks: "[]"),
        line(seq: 9, bids: "[[5010,2]]", asks: "[[5010,2]]"),
        line(seq: 10, bids: "[[5000,1]]", asks: "[[5010,2]]"),
        line(seq: 11, bids: "[[5000,1]]", asks: "[[5010,2]]"),
    ]

    @Test func everyLineGivesWhatJSONDecoderGives() throws {
        var parser = BookLineParser(booksHeld: 2)
        var books: [BookSnapshot] = []
        for line in Self.lines {
            let parsed = try Array(line.utf8).withUnsafeBytes { try parser.parse($0) }
            let oracle = try JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8))
            #expect(parsed.map(RecordedEvent.book) == oracle, "\(line)")
            books.append(try #require(parsed))
        }
        // The books handed out earlier are unchanged by the later ones that share their sides.
        let again = try Self.lines.map { try JSONDecoder().decode(RecordedEvent.self, from: Data($0.utf8)) }
        #expect(books.map(RecordedEvent.book) == again)
    }

    /// Sides changed past their first levels: a level in the middle, a quantity grown by a
    /// digit (the shared text ends inside an entry), shortened, extended, respaced after the
    /// shared entries, made worse than best first after them, broken after them, the first
    /// level changed.
    static let changedLines = [
        line(seq: 1, bids: "[[5000,1],[4990,2],[4980,3]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 2, bids: "[[5000,1],[4990,7],[4980,3]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 3, bids: "[[5000,1],[4990,75],[4980,3]]", asks: "[[5010,2],[5020,45]]"),
        line(seq: 4, bids: "[[5000,1],[4990,75]]", asks: "[[5010,2],[5020,45],[5030,1]]"),
        line(seq: 5, bids: "[[5000,1] , [4990,8] ]", asks: "[[5010,2],[5020,45],[5030,1],[5040,9]]"),
        line(seq: 6, bids: "[[5000,1] , [4990,8] ,[4995,1]]", asks: "[[5010,2]]"),
        line(seq: 7, bids: "[[5000,1] , [4990,8] ,[4980,1]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 8, bids: "[[5000,1] , [4990,8] ,,[4980,1]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 9, bids: "[[5000,1] , [4990,8] ,[4980,2]]", asks: "[[5010,2],[5020,4]]"),
        line(seq: 10, bids: "[[5001,1] , [4990,8] ,[4980,2]]", asks: "[[5011,2],[5020,4]]"),
        line(seq: 11, bids: "[[5001,1] , [4990,8] ,[4980,2]", asks: "[[5011,2],[5020,4]]"),
        line(seq: 12, bids: "[[5001,1] , [4990,8] ,[4980,2]]", asks: "[[5011,2],[5020,4]]"),
    ]

    @Test func aChangedSideGivesWhatParsingItAloneGives() throws {
        var parser = BookLineParser(booksHeld: 2)
        var refused: [Int] = []
        for (index, line) in Self.changedLines.enumerated() {
            let parsed = try? Array(line.utf8).withUnsafeBytes { try parser.parse($0) }
            var fresh = BookLineParser(booksHeld: 2)
            let alone = try? Array(line.utf8).withUnsafeBytes { try fresh.parse($0) }
            let oracle = try? JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8))
            #expect(parsed == alone, "\(line)")
            if let parsed {
                #expect(RecordedEvent.book(parsed) == oracle, "\(line)")
            } else {
                refused.append(index + 1)
            }
        }
        // Line 6 is not best first (which JSONDecoder does not check), 8 and 11 are not JSON.
        #expect(refused == [6, 8, 11])
    }

    @Test func sidesEditedAtRandomGiveWhatParsingEachAloneGives() throws {
        var random = SplitMix64(seed: 7)
        var bids: [(price: Int64, qty: Int64)] = (0..<20).map { (500_000 - 10 * Int64($0), 100) }
        var asks: [(price: Int64, qty: Int64)] = (0..<20).map { (500_010 + 10 * Int64($0), 100) }
        var parser = BookLineParser(booksHeld: 2)
        var centsParser = BookLineParser(booksHeld: 2, pricesInCents: true)
        for seq in 1...2_000 {
            // One level of one side: its quantity changed (to a number of another length at
            // times), or removed, or a level added after it.
            let isBuy = Bool.random(using: &random)
            var side = isBuy ? bids : asks
            let at = Int.random(in: 0..<side.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where side.count > 2: side.remove(at: at)
            case 1 where side.count < 40:
                let next = at + 1 < side.count ? side[at + 1].0 : side[at].0 + (isBuy ? -10 : 10)
                if abs(next - side[at].0) > 1 { side.insert(((side[at].0 + next) / 2, 5), at: at + 1) }
            default: side[at].1 = Int64.random(in: 1...(Bool.random(using: &random) ? 9 : 99_999), using: &random)
            }
            if isBuy { bids = side } else { asks = side }
            let line = Self.line(seq: seq, bids: Self.sideText(bids), asks: Self.sideText(asks))
            let bytes = Array(line.utf8)
            var fresh = BookLineParser(booksHeld: 2)
            var freshCents = BookLineParser(booksHeld: 2, pricesInCents: true)
            let parsed = try bytes.withUnsafeBytes { try parser.parse($0) }
            #expect(parsed == (try bytes.withUnsafeBytes { try fresh.parse($0) }), "\(line)")
            #expect(try (bytes.withUnsafeBytes { try centsParser.parse($0) }) == (try bytes.withUnsafeBytes { try freshCents.parse($0) }))
            #expect(parsed?.bids.map(\.qty.shares) == bids.map(\.1))
        }
    }

    /// Lines whose start (kind, venue, symbol) is the last book's, or not: another venue or
    /// symbol, keys in another order, another key among them, escaped names, respaced, broken
    /// right after the shared start, another kind of record in between.
    static let headLines = [
        line(seq: 1, bids: "[[5000,1]]", asks: "[]"),
        line(seq: 2, bids: "[[5000,1]]", asks: "[]"),
        line(seq: 3, bids: "[[5000,1]]", asks: "[]").replacingOccurrences(of: "TESTEX", with: "OTHEREX"),
        line(seq: 4, bids: "[[5000,1]]", asks: "[]").replacingOccurrences(of: "FOOBAR", with: "FOOBAZ"),
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","venue":"LATEREX","seq":5,"exchangeTime":5,"receivedTime":5,"bids":[],"asks":[]}"#,
        #"{"venue":"TESTEX","kind":"book","symbol":"FOOBAR","seq":6,"exchangeTime":6,"receivedTime":6,"bids":[],"asks":[]}"#,
        #"{"venue":"TESTEX","kind":"book","note":1,"symbol":"FOOBAR","seq":7,"exchangeTime":7,"receivedTime":7,"bids":[],"asks":[]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":8,"exchangeTime":8,"receivedTime":8,"bids":[],"asks":[]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":9,"exchangeTime":9,"receivedTime":9,"bids":[],"asks":[]}"#,
        #"{ "kind" : "book","venue":"TESTEX","symbol":"FOOBAR","seq":10,"exchangeTime":10,"receivedTime":10,"bids":[],"asks":[]}"#,
        #"{ "kind" : "book","venue":"TESTEX","symbol":"FOOBAR",}"#,
        #"{ "kind" : "book","venue":"TESTEX","symbol":"FOOBAR","seq":12}"#,
        #"{"kind":"trade","venue":"TESTEX","symbol":"FOOBAR","seq":13}"#,
        line(seq: 14, bids: "[[5000,1]]", asks: "[]"),
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":15,"exchangeTime":15,"receivedTime":15,"bids":[],"asks":[],"kind":"fill"}"#,
        line(seq: 16, bids: "[[5000,1]]", asks: "[]"),
    ]

    @Test func aLineStartingAsTheLastBookDidGivesWhatParsingItAloneGives() throws {
        var parser = BookLineParser(booksHeld: 2)
        var outcomes: [String] = []
        for line in Self.headLines {
            let bytes = Array(line.utf8)
            func outcome(_ parser: inout BookLineParser) -> String {
                do {
                    return try bytes.withUnsafeBytes { try parser.parse($0) }.map { "\(RecordedEvent.book($0))" } ?? "another kind"
                } catch {
                    return "refused: \(error)"
                }
            }
            var fresh = BookLineParser(booksHeld: 2)
            let kept = outcome(&parser)
            #expect(kept == outcome(&fresh), "\(line)")
            outcomes.append(kept)
        }
        // A repeated key's last value counts (line 5's venue, line 15's kind); 11 and 12 are
        // refused; 13 is another kind.
        #expect(outcomes[4].contains("LATEREX"))
        #expect(outcomes.enumerated().filter { $0.element.hasPrefix("refused") }.map(\.offset) == [10, 11])
        #expect(outcomes[12] == "another kind" && outcomes[14] == "another kind")
    }

    @Test func aRefusedSideIsRefusedEachTimeItComes() throws {
        var parser = BookLineParser(booksHeld: 2)
        let worstFirst = Self.line(seq: 1, bids: "[[4990,1],[5000,1]]", asks: "[]")
        let good = Self.line(seq: 2, bids: "[[5000,1]]", asks: "[]")
        for line in [worstFirst, worstFirst, good, worstFirst] {
            let refused = (try? Array(line.utf8).withUnsafeBytes { try parser.parse($0) }) == nil
            #expect(refused == (line == worstFirst), "\(line)")
        }
        var centsParser = BookLineParser(booksHeld: 2, pricesInCents: true)
        let tooDear = Self.line(seq: 3, bids: "[[\(RecordedEvent.maxCents + 1),1]]", asks: "[]")
        for line in [tooDear, tooDear, good, tooDear] {
            let refused = (try? Array(line.utf8).withUnsafeBytes { try centsParser.parse($0) }) == nil
            #expect(refused == (line == tooDear), "\(line)")
        }
    }

    /// A key one byte off a book's key, in any place, is another key (skipped), as JSONDecoder
    /// reads it.
    @Test func aKeyOneByteOffABooksKeyIsAnotherKey() throws {
        let line = Self.line(seq: 1, bids: "[[5000,1]]", asks: "[[5010,2]]")
        for key in ["venue", "symbol", "seq", "exchangeTime", "receivedTime", "bids", "asks"] {
            for place in 0..<key.utf8.count {
                var bytes = Array(key.utf8)
                bytes[place] = bytes[place] == UInt8(ascii: "X") ? UInt8(ascii: "Y") : UInt8(ascii: "X")
                let changed = line.replacingOccurrences(of: "\"\(key)\":", with: "\"\(String(decoding: bytes, as: UTF8.self))\":")
                var parser = BookLineParser(booksHeld: 2)
                let parsed = Result { try Array(changed.utf8).withUnsafeBytes { try parser.parse($0) } }
                let oracle = Result { try JSONDecoder().decode(RecordedEvent.self, from: Data(changed.utf8)) }
                switch (parsed, oracle) {
                case (.success(let book), .success(let event)): #expect(book.map(RecordedEvent.book) == event, "\(changed)")
                case (.failure, .failure): continue
                default: Issue.record("\(changed): the parser gives \(parsed), JSONDecoder \(oracle)")
                }
            }
        }
    }

    /// A side as long as the parser's first scratch buffer (64 entries) that then grows past it
    /// by levels in at the top, moves a level, and changes in two places, line after line through
    /// one parser: the entries taken from the last side stop where the buffer is full, and the
    /// side goes on in a larger one.
    @Test func aSideGrowingPastTheScratchBufferGivesWhatParsingEachAloneGives() throws {
        var random = SplitMix64(seed: 9)
        var parser = BookLineParser(booksHeld: 2)
        var bids: [(price: Int64, qty: Int64)] = (0..<64).map { (500_000 - 10 * Int64($0), 100 + Int64($0)) }
        func quantity() -> Int64 { Int64.random(in: 1...99_999, using: &random) }
        for seq in 1...120 {
            switch seq % 3 {
            case 2:
                bids.insert(contentsOf: [(bids[0].price + 20, quantity()), (bids[0].price + 10, quantity())], at: 0)
            case 0:
                bids.removeFirst()
                bids.append((bids[bids.count - 1].price - 10, quantity()))
            default:
                bids[Int.random(in: 0..<bids.count, using: &random)].qty = quantity()
                bids[Int.random(in: 0..<bids.count, using: &random)].qty = quantity()
            }
            try Self.expectParsedAsAlone(Self.line(seq: seq, bids: Self.sideText(bids), asks: "[]"), by: &parser)
        }
    }

    /// A book's pairs in any order, line after line through one parser: each gives what
    /// JSONDecoder gives. (The parser tries first the key a writer puts next, after each key.)
    @Test func aBooksPairsInAnyOrderGiveWhatJSONDecoderGives() throws {
        var random = SplitMix64(seed: 11)
        var parser = BookLineParser(booksHeld: 2)
        for seq in 1...300 {
            var pairs = [
                #""kind":"book""#, #""venue":"TESTEX""#, #""symbol":"FOOBAR""#, #""seq":\#(seq)"#, #""exchangeTime":\#(seq * 3)"#,
                #""receivedTime":\#(seq * 5)"#, #""bids":[[5000,\#(seq)]]"#, #""asks":[[5010,\#(seq * 2)],[5020,1]]"#,
            ]
            pairs.shuffle(using: &random)
            let line = "{" + pairs.joined(separator: ",") + "}"
            let parsed = try Array(line.utf8).withUnsafeBytes { try parser.parse($0) }
            #expect(parsed.map(RecordedEvent.book) == (try JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8))), "\(line)")
        }
    }

    /// Sides changed a level at a time, as a market-by-price feed changes them (a quantity, with
    /// more or fewer digits; a level inserted, dropped or repriced; the last level; a price
    /// repeated; now and then spaced out, or out of order at the top or past the level changed),
    /// line after line through one parser: each gives what parsing it alone gives (and
    /// JSONDecoder, when it is a book), however much of the last side's text it shares at either
    /// end.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func sidesChangedALevelAtATimeGiveWhatParsingEachAloneGives(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var parser = BookLineParser(booksHeld: 2)
        var sides: [[(price: Int64, qty: Int64)]] = [
            (0..<12).map { (5_000 - 10 * Int64($0), 100 + Int64($0)) }, (0..<12).map { (5_010 + 10 * Int64($0), 200 + Int64($0)) },
        ]
        for seq in 1...400 {
            let which = Int.random(in: 0...1, using: &random)
            var side = sides[which]
            let level = side.isEmpty ? 0 : Int.random(in: 0..<side.count, using: &random)
            let step: Int64 = which == 0 ? -1 : 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !side.isEmpty: side.remove(at: level)
            case 1: side.insert((side.isEmpty ? 5_000 : side[level].price - step * 5, 7), at: level)
            case 2 where !side.isEmpty: side[level].price += step
            case 3 where !side.isEmpty: side[side.count - 1].qty = Int64.random(in: 1...99_999, using: &random)
            case 4 where !side.isEmpty: side.insert(side[level], at: level)
            case 5 where side.count > 1: side.swapAt(0, 1)
            case 6 where level + 1 < side.count: side[level].price = side[level + 1].price + step
            default: if !side.isEmpty { side[level].qty = Int64.random(in: 1...99_999, using: &random) }
            }
            sides[which] = side
            let spaced = Int.random(in: 0..<8, using: &random) == 0
            let asksSpaced = spaced && Bool.random(using: &random)
            let line = Self.line(seq: seq, bids: Self.sideText(sides[0], spaced: spaced), asks: Self.sideText(sides[1], spaced: asksSpaced))
            try Self.expectParsedAsAlone(line, by: &parser)
            // Put best first again, so that most lines are.
            sides[0].sort { $0.price > $1.price }
            sides[1].sort { $0.price < $1.price }
        }
    }

    /// Sides that move a level (their prices a tick further: a level in at one end and out at
    /// the other), or change in two places, or in one place and at their end, line after line
    /// through one parser: each gives what parsing it alone gives, and JSONDecoder. Between its
    /// changes such a side repeats the last one's text for a while, but not to its end, which the
    /// parser takes whole entries from.
    @Test(arguments: [4, 5, 6] as [UInt64])
    func sidesMovedOrChangedInTwoPlacesGiveWhatParsingEachAloneGives(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var parser = BookLineParser(booksHeld: 2)
        var sides: [[(price: Int64, qty: Int64)]] = [
            (0..<16).map { (50_000 - 10 * Int64($0), 100 + Int64($0)) }, (0..<16).map { (50_010 + 10 * Int64($0), 200 + Int64($0)) },
        ]
        func quantity() -> Int64 { Int64.random(in: 1...(Bool.random(using: &random) ? 9 : 99_999), using: &random) }
        for seq in 1...600 {
            let which = Int.random(in: 0...1, using: &random)
            var side = sides[which]
            // Away from the touch: down for bids, up for asks.
            let away: Int64 = which == 0 ? -10 : 10
            let levels = (Int.random(in: 1..<side.count - 1, using: &random), Int.random(in: 1..<side.count - 1, using: &random))
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                side.removeFirst()
                side.append((side[side.count - 1].price + away, quantity()))
            case 1 where seq % 3 == 0:
                // Moved, the new level out of order (between the last two).
                side.removeFirst()
                side.append((side[side.count - 1].price - away / 2, quantity()))
            case 1:
                side.insert((side[0].price - away, quantity()), at: 0)
                side.removeLast()
            case 2:
                side[levels.0].qty = quantity()
                side[levels.1].qty = quantity()
            case 3:
                side.remove(at: levels.0)
                side.append((side[side.count - 1].price + away, quantity()))
            default:
                side[levels.0].qty = quantity()
                side[side.count - 1].qty = quantity()
            }
            sides[which] = side
            let line = Self.line(seq: seq, bids: Self.sideText(sides[0]), asks: Self.sideText(sides[1]))
            try Self.expectParsedAsAlone(line, by: &parser)
            sides[0].sort { $0.price > $1.price }
            sides[1].sort { $0.price < $1.price }
        }
    }
}
