import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct VenueOrderIDTests {
    /// The ids three orders get from a newly started exchange, which is then stopped.
    private func idsFromOneRun() throws -> [Int] {
        let venue = try VenueHarness()
        return try [venue.place("buy", 10, at: 5000), venue.place("sell", 4, at: 5000), venue.place("buy", 1, at: 4000)]
            .map { reply in try #require(reply.int("id")) }
    }

    @Test func exchangeStartedAfterAnotherNeverReusesItsOrderIDs() throws {
        let first = try idsFromOneRun()
        let second = try idsFromOneRun()
        let third = try idsFromOneRun()
        #expect(Set(first).isDisjoint(with: second) && Set(second).isDisjoint(with: third), "\(first) then \(second) then \(third)")
        #expect(first.max()! < second.min()! && second.max()! < third.min()!, "\(first) then \(second) then \(third)")
    }

    @Test func aConfiguredFirstOrderIDNumbersOrdersFromItOnEveryRun() throws {
        for _ in 0..<2 {
            let venue = try VenueHarness { $0.firstOrderID = 1 }
            #expect(try venue.place("buy", 10, at: 5000).int("id") == 1)
            #expect(try venue.place("sell", 10, at: 5000).int("id") == 2)
        }
    }

    @Test func clockSeededIDsStartNearTheMicrosecondsSinceTheEpoch() throws {
        let before = Int(Date().timeIntervalSince1970 * 1_000_000)
        let id = try #require(try VenueHarness().place("buy", 1, at: 5000).int("id"))
        let after = Int(Date().timeIntervalSince1970 * 1_000_000)
        #expect(id >= before - 1_000 && id <= after + 1_000, "\(id) is not in [\(before), \(after)]")
        #expect(id < 1 << 53, "\(id) is not exact in a JSON reader that uses doubles")
    }
}
