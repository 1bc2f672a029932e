import APIClient
import Brokerage
import HTTP
import HTTPTesting
import MarketTestSupport
import StockFighter
import StrategyKit
import Synchronization
import Testing

/// StockFighter's feeds over the wire: the simulated exchange's WebSocket routes and
/// `StockFighterBroker`'s stream over them.
@Suite(.timeLimit(.minutes(10))) struct StockFighterFeedTests {
    /// What a stream or feed delivered, in order, and a bounded wait for it.
    final class Collected<Event: Sendable>: Sendable {
        let events = Mutex<[Event]>([])

        func add(_ event: Event) { events.withLock { $0.append(event) } }

        var all: [Event] { events.withLock { $0 } }

        /// Waits (10 s at most) until `condition` holds of the events; returns them.
        func wait(until condition: ([Event]) -> Bool) async throws -> [Event] {
            for _ in 0..<1_000 {
                if condition(all) { return all }
                try await Task.sleep(for: .milliseconds(10))
            }
            return all
        }
    }

    private func endpoint(_ venue: VenueHarness, key: String? = nil) throws -> StockFighterStreamEndpoint {
        try StockFighterStreamEndpoint(baseURL: "http://\(venue.server.address)/ob/api", apiKey: key.map(APIKey.init))
    }

    private func messages(_ events: [StockFighterStreamEndpoint.FeedEvent]) -> [String] {
        events.compactMap { event in
            if case .message(let bytes) = event { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }
    }

    @Test func theTickertapeSendsAQuoteOnEveryChangeAndExecutionsEachFill() async throws {
        let venue = try VenueHarness()
        let tape = Collected<StockFighterStreamEndpoint.FeedEvent>()
        let fills = Collected<StockFighterStreamEndpoint.FeedEvent>()
        let stream = try endpoint(venue)
        let closeTape = try await stream.open(.tickertape, account: account, venue: testex, onEvent: tape.add)
        let closeFills = try await stream.open(.executions, account: account, venue: testex, onEvent: fills.add)
        #expect(try await subscribers(venue, 2))
        _ = try venue.place("buy", 100, at: 5_000)
        _ = try venue.place("sell", 30, at: 4_990, account: "OTHER1")
        let quotes = messages(try await tape.wait { self.messages($0).count >= 2 })
        #expect(quotes.count == 2 && quotes.allSatisfy { $0.hasPrefix(#"{"ok":true,"quote":{"#) })
        let tick = try StockFighterStreamMessage.tickertape(Array(quotes[1].utf8), venue: testex, receivedAt: .zero)
        #expect(tick.book.bids.first?.qty == 70 && tick.lastTrade?.price == 5_000 && tick.lastTrade?.qty == 30)
        let executions = messages(try await fills.wait { !self.messages($0).isEmpty })
        #expect(executions.count == 1)
        let execution = try StockFighterExecution(message: Array(executions[0].utf8))
        #expect(execution.order.account == account && execution.filled == 30 && execution.price == 5_000 && !execution.standingComplete)
        #expect(execution.incomingComplete && execution.order.totalFilled == 30)
        closeTape()
        closeFills()
        let ended = try await tape.wait { $0.contains { if case .closed = $0 { true } else { false } } }
        #expect(ended.count == 3)
        #expect(try await subscribers(venue, 0))
    }

    @Test func aFeedOfAVenueOrStockNotListedIsTheAPIs404() async throws {
        let venue = try VenueHarness()
        let stream = try endpoint(venue)
        for unknown in ["NOSUCH", "TESTEX/stocks/NOPE"] {
            let feed = StockFighterStreamEndpoint.Feed.tickertape
            do {
                _ = try await stream.open(feed, account: account, venue: Venue(unknown), onEvent: { _ in })
                Issue.record("\(unknown): the upgrade was accepted")
            } catch .refused(let status, _, let body) {
                #expect(status == 404 && body.contains(#""ok":false"#))
            } catch {
                Issue.record("\(unknown): \(error)")
            }
        }
    }

    @Test func executionsNeedTheAccountsKeyTheTickertapeNone() async throws {
        let venue = try VenueHarness(apiKeys: [account: "key-1", "OTHER1": "key-2"])
        for key in [nil, "key-2"] {
            let stream = try endpoint(venue, key: key)
            do {
                _ = try await stream.open(.executions, account: account, venue: testex, onEvent: { _ in })
                Issue.record("executions opened with key \(key ?? "none")")
            } catch .refused(let status, _, _) {
                #expect(status == 401)
            } catch {
                Issue.record("\(error)")
            }
        }
        let closeFills = try await endpoint(venue, key: "key-1").open(.executions, account: account, venue: testex, onEvent: { _ in })
        let closeTape = try await endpoint(venue).open(.tickertape, account: account, venue: testex, onEvent: { _ in })
        #expect(try await subscribers(venue, 2))
        closeFills()
        closeTape()
    }

    /// With `openExecutionFeeds`, as in the game, anyone watches any account's executions, keys
    /// in force or not, while the REST API still asks for the account's key.
    @Test func openExecutionFeedsServeAnyAccountsExecutionsWithoutItsKey() async throws {
        let venue = try VenueHarness(apiKeys: [account: "key-1", "OTHER1": "key-2"]) { $0.openExecutionFeeds = true }
        let fills = Collected<StockFighterStreamEndpoint.FeedEvent>()
        let close = try await endpoint(venue, key: "key-2").open(.executions, account: account, venue: testex, onEvent: fills.add)
        let closeUnkeyed = try await endpoint(venue).open(.executions, account: account, venue: testex, onEvent: { _ in })
        #expect(try await subscribers(venue, 2))
        _ = try venue.place("buy", 10, at: 5_000, key: "key-1")
        _ = try venue.place("sell", 10, at: 5_000, account: "OTHER1", key: "key-2")
        let seen = messages(try await fills.wait { !self.messages($0).isEmpty })
        #expect(seen.count == 1)
        #expect(try StockFighterExecution(message: Array(seen[0].utf8)).order.account == account)
        #expect(try venue.get("/venues/TESTEX/accounts/\(account)/orders", key: "key-2").status == 401)
        close()
        closeUnkeyed()
    }

    /// The broker's stream: books and trades of its symbols from the tickertape, its orders from
    /// executions, and `closed` once when the exchange drops its streams.
    @Test func theBrokersStreamDeliversBooksTradesAndOrdersThenClosesOnce() async throws {
        let venue = try VenueHarness(symbols: ["FOOBAR", "BARFOO"])
        let exchange = try client("http://\(venue.server.address)/ob/api")
        let broker = StockFighterBroker(client: exchange, account: account, stream: try endpoint(venue))
        let events = Collected<BrokerStreamEvent>()
        let stream = try #require(try await broker.openStream(venue: testex, symbols: [foobar], onEvent: events.add))
        #expect(try await subscribers(venue, 2))
        let placed = try await exchange.placeOrder(order(.buy, 100, at: 5_000))
        _ = try venue.place("sell", 40, at: 5_000, account: "OTHER1")
        _ = try venue.place("buy", 5, at: 100, account: "OTHER1", stock: "BARFOO")
        let seen = try await events.wait { events in
            events.contains { if case .order(let status) = $0 { status.totalFilled == 40 } else { false } }
                && events.contains { if case .trade = $0 { true } else { false } }
        }
        let books = seen.compactMap { if case .book(let book) = $0 { book } else { nil } }
        #expect(books.count == 2 && books.allSatisfy { $0.symbol == foobar && $0.receivedTime.nanoseconds > 0 })
        #expect(books.last?.bids.first?.qty == 60)
        let orders = seen.compactMap { if case .order(let status) = $0 { status } else { nil } }
        #expect(orders.map(\.id) == [placed.id] && orders[0].fills.map(\.qty) == [40])
        let trades = seen.compactMap { if case .trade(let trade) = $0 { trade } else { nil } }
        #expect(trades.map(\.qty) == [40])
        #expect(venue.server.dropStreams() == 2)
        let ended = try await events.wait { $0.contains { if case .closed = $0 { true } else { false } } }
        #expect(ended.filter { if case .closed = $0 { true } else { false } }.count == 1)
        if case .closed(let reason) = ended.last { #expect(reason.contains("streams dropped")) } else { Issue.record("closed is not last") }
        stream.close()
        try await Task.sleep(for: .milliseconds(100))
        #expect(events.all.count == ended.count)
        #expect(try await subscribers(venue, 0))
    }

    /// `https` gives `wss`, trusting the CA file the REST calls trust: the feeds through a TLS
    /// front of the exchange.
    @Test func anHTTPSBaseStreamsOverTLS() async throws {
        let venue = try VenueHarness()
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let front = try TLSFront(backend: venue.server.address, mode: .tls(try certificates.issue("loopback", names: ["IP:127.0.0.1"])))
        defer { front.stop() }
        let baseURL = "https://\(front.address)/ob/api"
        let exchange = try StockFighterClient(baseURL: baseURL, apiKey: nil, caFile: certificates.caFile)
        let stream = try StockFighterStreamEndpoint(baseURL: baseURL, apiKey: nil, caFile: certificates.caFile)
        let events = Collected<BrokerStreamEvent>()
        let opened = try #require(
            try await StockFighterBroker(client: exchange, account: account, stream: stream).openStream(venue: testex, symbols: [foobar], onEvent: events.add))
        defer { opened.close() }
        #expect(try await subscribers(venue, 2))
        _ = try await exchange.placeOrder(order(.buy, 10, at: 5_000))
        let seen = try await events.wait { $0.contains { if case .order = $0 { false } else { $0 != .alive } } }
        #expect(seen.contains { if case .book(let book) = $0 { book.bids.first?.qty == 10 } else { false } })
    }

    /// A quiet market sends nothing on the feeds; the stream still says it is alive, so the
    /// runner does not take it for stalled.
    @Test func aQuietStreamSaysItIsAlive() async throws {
        let venue = try VenueHarness()
        let broker = StockFighterBroker(client: try client("http://\(venue.server.address)/ob/api"), account: account, stream: try endpoint(venue))
        let events = Collected<BrokerStreamEvent>()
        let stream = try #require(try await broker.openStream(venue: testex, symbols: [foobar], onEvent: events.add))
        #expect(try await events.wait { $0.contains(.alive) }.allSatisfy { $0 == .alive })
        stream.close()
        #expect(try await events.wait { $0.last == .closed(reason: "tickertape closed (1000)") || $0.last == .closed(reason: "executions closed (1000)") }.count >= 2)
    }

    @Test func aBrokerWithoutAStreamEndpointDoesNotStream() async throws {
        let venue = try VenueHarness()
        let broker = StockFighterBroker(client: try client("http://\(venue.server.address)/ob/api"), account: account)
        #expect(try await broker.openStream(venue: testex, symbols: [foobar], onEvent: { _ in }) == nil)
    }

    /// Waits (10 s at most) until the exchange has `count` stream subscribers.
    private func subscribers(_ venue: VenueHarness, _ count: Int) async throws -> Bool {
        for _ in 0..<1_000 where venue.server.streamSubscriberCount != count {
            try await Task.sleep(for: .milliseconds(10))
        }
        return venue.server.streamSubscriberCount == count
    }
}
