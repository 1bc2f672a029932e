import Foundation
import Ledger
import StrategyKit
import Testing
import TestSupport

/// Version 1 ledgers (money in cents, no `v` member) still open, read and verify, their amounts
/// converted exactly to units of $0.0001; the daemon continues them with version-2 lines, and the
/// mixed file verifies as one ledger.
@Suite(.timeLimit(.minutes(10))) struct LedgerVersionTests {
    /// Version-1 lines (`{"seq":...`, cents) with their checksums chained, as a pre-3.0 tickwork
    /// wrote them: a buy of 10 at 51.00 and a sell of 4 at 52.50 (FORMAT.md's rules).
    static func versionOneLines(firstPrice: Int64 = 5_100) -> String {
        var previous = "0000000000000000"
        var text = ""
        let bodies = [
            #"{"seq":1,"time":1764400000000000000,"iso":"2025-11-29T07:06:40.000000000Z","venue":"TESTEX","account":"EXB123456","symbol":"FOOBAR","order":1,"index":0,"side":"buy","price":\#(firstPrice),"qty":10,"strategy":"mm","reconciled":false,"position":10,"cash":\#(-10 * firstPrice),"realized":0,"prev":"#,
            #"{"seq":2,"time":1764400000001000000,"iso":"2025-11-29T07:06:40.001000000Z","venue":"TESTEX","account":"EXB123456","symbol":"FOOBAR","order":2,"index":0,"side":"sell","price":5250,"qty":4,"strategy":"mm","reconciled":false,"position":6,"cash":\#(-10 * firstPrice + 21_000),"realized":\#(4 * (5_250 - firstPrice)),"prev":"#,
        ]
        for body in bodies {
            let full = body + #""\#(previous)""#
            let sum = LedgerChecksum(of: Array(full.utf8)).description
            text += full + #","sum":"\#(sum)"}"# + "\n"
            previous = sum
        }
        return text
    }

    @Test func aVersionOneLedgerReadsInUnitsAndIsContinuedInVersionTwo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write(Array(Self.versionOneLines().utf8), to: directory.file())
        let old = try LedgerReader.entries(in: directory.file())
        #expect(old.map(\.fill.price) == [Price(cents: 5_100), Price(cents: 5_250)])
        #expect(old.map(\.cashAfter) == [Money(cents: -51_000), Money(cents: -30_000)])
        #expect(old.map(\.realizedAfter) == [.zero, Money(cents: 600)])

        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        #expect(ledger.state.holding(of: "mm", in: "FOOBAR").cash == Money(cents: -30_000))
        var subPenny = makeFill(order: 3, .sell, 6, at: 0)
        subPenny.price = Price(units: 52_0001)
        _ = try ledger.append(subPenny)
        try ledger.close()

        let written = try lines(of: directory.file()).map { String(decoding: $0, as: UTF8.self) }
        #expect(written.count == 3 && written[0].hasPrefix(#"{"seq":1,"#) && written[2].hasPrefix(#"{"v":2,"seq":3,"#))
        #expect(written[2].contains(#""price":520001,"qty":6"#))
        let verification = try LedgerVerification(path: directory.file())
        #expect(verification.firstFault == nil)
        // Realized: 4 × 1.50 on the first sell, 6 × (52.0001 − 51.00) on the second.
        #expect(verification.summary.realizedPnL == 60_000 + 60_006)
        let all = try LedgerReader.entries(in: directory.file())
        #expect(all.last?.realizedAfter == Money(units: 60_000 + 60_006))
        #expect(all.last?.positionAfter == .zero)
    }

    @Test func aVersionOneAmountTooLargeForUnitsIsABadValue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write(Array(Self.versionOneLines(firstPrice: Int64.max / 50).utf8), to: directory.file())
        let verification = try LedgerVerification(path: directory.file())
        #expect(verification.firstFault?.line == 1)
        #expect(verification.firstFault?.fault == .badValue(field: "price", why: "too large to convert from cents (version 1)"))
    }

    @Test func aLineDeclaringAnUnknownVersionIsABadValue() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let body = #"{"v":3,"seq":1,"time":1764400000000000000,"iso":"2025-11-29T07:06:40.000000000Z","venue":"TESTEX","account":"EXB123456","symbol":"FOOBAR","order":1,"index":0,"side":"buy","price":1,"qty":1,"strategy":"mm","reconciled":false,"position":1,"cash":-1,"realized":0,"prev":"0000000000000000""#
        let line = body + #","sum":"\#(LedgerChecksum(of: Array(body.utf8)))"}"# + "\n"
        try write(Array(line.utf8), to: directory.file())
        let verification = try LedgerVerification(path: directory.file())
        #expect(verification.firstFault?.fault == .badValue(field: "v", why: "expected 1 or 2"))
    }
}
