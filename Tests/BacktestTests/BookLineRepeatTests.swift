@testable import Backtest
import Foundation
import StrategyKit
import Testing
import Wire

/// The book-line parser does not parse again a side written the same as the last side of its
/// kind: what it gives must be what parsing gives, line after line, whatever the neighbours.
@Suite struct BookLineRepeatTests {
    static func line(seq: Int, bids: String, asks: String) -> String {
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":\#(seq),"exchangeTime":\#(seq),"receivedTime":\#(seq),"bids":\#(bids),"asks":\#(asks)}"#
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
}
