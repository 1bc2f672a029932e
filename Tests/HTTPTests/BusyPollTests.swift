@testable import HTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct BusyPollTests {
    let microsecond: UInt64 = 1_000

    @Test func nothingIsWatchedBeforeWork() {
        let poll = BusyPoll(interval: 50 * microsecond, fewClientsInterval: 2_000 * microsecond)
        #expect(!poll.isWatching(at: 0))
        #expect(!poll.isWatching(at: 1_000_000 * microsecond))
    }

    @Test func aFewActiveConnectionsAreWatchedForTheLongerInterval() {
        var poll = BusyPoll(interval: 50 * microsecond, fewClientsInterval: 2_000 * microsecond)
        poll.worked(at: 1_000 * microsecond, activeConnections: BusyPoll.fewClients)
        #expect(poll.isWatching(at: 2_999 * microsecond))
        #expect(!poll.isWatching(at: 3_000 * microsecond))
    }

    @Test func manyActiveConnectionsAreWatchedForTheShortInterval() {
        var poll = BusyPoll(interval: 50 * microsecond, fewClientsInterval: 2_000 * microsecond)
        poll.worked(at: 1_000 * microsecond, activeConnections: BusyPoll.fewClients + 1)
        #expect(poll.isWatching(at: 1_049 * microsecond))
        #expect(!poll.isWatching(at: 1_050 * microsecond))
    }

    @Test func theLatestWorkSetsTheWatch() {
        var poll = BusyPoll(interval: 50 * microsecond, fewClientsInterval: 2_000 * microsecond)
        poll.worked(at: 1_000 * microsecond, activeConnections: 1)
        poll.worked(at: 1_500 * microsecond, activeConnections: 32)
        #expect(!poll.isWatching(at: 1_550 * microsecond))
    }

    @Test func aLongerIntervalThanTheFewClientsOneIsNeverShortened() {
        var poll = BusyPoll(interval: 50 * microsecond, fewClientsInterval: 0)
        poll.worked(at: 1_000 * microsecond, activeConnections: 1)
        #expect(poll.isWatching(at: 1_049 * microsecond))
        #expect(!poll.isWatching(at: 1_050 * microsecond))
    }
}
