import Foundation
import HTTP
import Ledger
@testable import Live
@testable import Monitor
import StrategyKit
import Testing
import TestSupport

/// `/api/events` over loopback: a held stream that gets each event as the board receives it,
/// fills numbered by their ledger sequence, and resumption from the ledger file.
@Suite(.timeLimit(.minutes(10))) struct MonitorEventStreamTests {
    static func subscribe(_ server: MonitorServer, lastEventID: UInt64? = nil) throws -> RawSocket {
        let socket = try #require(RawSocket(connectingTo: server.address.port))
        let resume = lastEventID.map { "Last-Event-ID: \($0)\r\n" } ?? ""
        socket.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\(resume)\r\n")
        return socket
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The `id:` lines of `text`, in order.
    static func ids(_ text: String) -> [UInt64] {
        text.split(separator: "\n").compactMap { $0.hasPrefix("id: ") ? UInt64($0.dropFirst(4)) : nil }
    }

    @Test func aHeldStreamGetsEachEventAsItIsPublishedWithTheFillsLedgerSequenceAsItsID() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        let socket = try Self.subscribe(server)
        var received: [UInt8] = []
        // A new client is told where the ledger is, to resume from.
        #expect(socket.read(onto: &received) { Self.text($0).hasSuffix("retry: 1000\n\nid: 0\n\n") })
        #expect(Self.text(received).contains("Content-Type: text/event-stream\r\n"))
        try fixture.fillOneBuy()
        #expect(socket.read(onto: &received) { Self.text($0).contains("event: orderClosed\n") })
        let stream = Self.text(received)
        #expect(stream.contains("event: orderOpened\n"))
        let fillBlock = try #require(stream.components(separatedBy: "\n\n").first { $0.contains("event: fill") })
        #expect(fillBlock.hasPrefix("id: 1\n") && fillBlock.contains("\"sequence\":1"))
        // Only fills carry ids.
        #expect(Self.ids(stream) == [0, 1])
        try fixture.fillOneBuy()
        #expect(socket.read(onto: &received) { Self.ids(Self.text($0)) == [0, 1, 2] })
    }

    @Test func aClientResumingAfterARestartGetsExactlyTheFillsItMissedFromTheLedger() throws {
        let fixture = try MonitorFixture()
        for _ in 0..<3 { try fixture.fillOneBuy() }
        // The next run's board keeps no event of this one; it knows the ledger's end.
        let restarted = MonitorBoard()
        restarted.publish(try #require(fixture.board.snapshot), events: [])
        let now = fixture.now
        let routes = MonitorRoutes(board: restarted, token: nil, version: "test", ledgerPath: fixture.ledger.path) { now }
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: routes)
        defer { server.stop() }
        let socket = try Self.subscribe(server, lastEventID: 1)
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { Self.ids(Self.text($0)) == [2, 3] })
        let stream = Self.text(received)
        #expect(stream.contains("\"sequence\":3") && !stream.contains("\"sequence\":1"))
        // Up to date: nothing more, and an id past the ledger's end is treated as its end.
        let ahead = try Self.subscribe(server, lastEventID: 99)
        var aheadReceived: [UInt8] = []
        #expect(ahead.read(onto: &aheadReceived) { Self.text($0).hasSuffix("retry: 1000\n\n") })
        #expect(Self.ids(Self.text(aheadReceived)).isEmpty)
    }

    /// Before the engine's first snapshot the ledger's end is not on the board: the largest id a
    /// request can carry, in either form, once overflowed `sent + 1` and killed the daemon. It
    /// is an id past the ledger's end, so the client is sent what follows.
    @Test(arguments: ["Last-Event-ID: 18446744073709551615\r\n", "after"])
    func theLargestIDBeforeTheFirstSnapshotIsTakenAsTheLedgersEnd(_ form: String) throws {
        let fixture = try MonitorFixture()
        for _ in 0..<2 { try fixture.fillOneBuy() }
        let board = MonitorBoard()
        let now = fixture.now
        let routes = MonitorRoutes(board: board, token: nil, version: "test", ledgerPath: fixture.ledger.path) { now }
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: routes)
        defer { server.stop() }
        let socket = try #require(RawSocket(connectingTo: server.address.port))
        let target = form == "after" ? "/api/events?after=\(UInt64.max)" : "/api/events"
        socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(form == "after" ? "" : form)\r\n")
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { Self.text($0).hasSuffix("retry: 1000\n\n") })
        // The next fill reaches it.
        board.publish(try #require(fixture.board.snapshot), events: [])
        try fixture.fillOneBuy()
        let fill = try #require(fixture.board.events(after: 0).events.last { if case .fill = $0.kind { true } else { false } })
        board.publish(try #require(fixture.board.snapshot), events: [fill.kind])
        #expect(socket.read(onto: &received) { Self.ids(Self.text($0)) == [3] })
    }

    /// A catch-up reads the whole ledger file; on the event loop, a slow disk held up every other
    /// request of that loop. Here the "ledger" is a FIFO that no one opens for writing until the
    /// test lets it go, so opening it waits: a second request, sent after the catch-up's, on the
    /// server's only loop is answered meanwhile.
    @Test func aCatchUpReadingTheLedgerHoldsUpNoOtherRequest() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let path = fixture.scratch.file("slow-ledger")
        try #require(mkfifo(path, 0o600) == 0)
        var snapshot = try #require(fixture.board.snapshot)
        snapshot.ledgerSequence = 5
        let board = MonitorBoard()
        board.publish(snapshot, events: [])
        let now = fixture.now
        let routes = MonitorRoutes(board: board, token: nil, version: "test", ledgerPath: path) { now }
        let server = try HTTPServer(configuration: HTTPServerConfiguration(eventLoopCount: 1)) { routes.respond(to: $0) }
        defer { server.stop() }
        let catchingUp = try #require(RawSocket(connectingTo: server.address.port))
        catchingUp.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nLast-Event-ID: 0\r\n\r\n")
        let other = try #require(RawSocket(connectingTo: server.address.port))
        other.send("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        var received: [UInt8] = []
        #expect(other.read(onto: &received) { Self.text($0).contains("\"ledgerSequence\"") })
        // Lets the catch-up's open go on: opened for writing once it has the FIFO open for reading.
        var writer: Int32 = -1
        for _ in 0..<1_000 where writer < 0 {
            writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer < 0 { usleep(10_000) }
        }
        #expect(writer >= 0, "the catch-up never opened the ledger")
        if writer >= 0 { close(writer) }
        var stream: [UInt8] = []
        #expect(catchingUp.read(onto: &stream) { Self.text($0).contains("retry: 1000\n\n") })
    }

    @Test func aResumingClientGetsTheKeptFillsAfterItsIDThenTheLiveOnesWithoutDuplicates() throws {
        let fixture = try MonitorFixture()
        for _ in 0..<2 { try fixture.fillOneBuy() }
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        let socket = try Self.subscribe(server, lastEventID: 1)
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { Self.ids(Self.text($0)) == [2] })
        // Order events of the past are not replayed.
        #expect(!Self.text(received).contains("event: orderOpened"))
        try fixture.fillOneBuy()
        #expect(socket.read(onto: &received) { Self.ids(Self.text($0)) == [2, 3] })
    }

    @Test func aClientThatGoesAwayIsForgottenAtTheNextEvent() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let routes = fixture.routes()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: routes)
        defer { server.stop() }
        let socket = try Self.subscribe(server)
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { Self.text($0).hasSuffix("id: 0\n\n") })
        #expect(routes.eventStream.subscriberCount == 1)
        shutdown(socket.fd, Int32(SHUT_RDWR))
        // Each publication offers events to the stream until the server has seen the close.
        let deadline = Date().addingTimeInterval(10)
        while routes.eventStream.subscriberCount > 0, Date() < deadline { try fixture.fillOneBuy() }
        #expect(routes.eventStream.subscriberCount == 0)
    }
    @Test func aClientFarBehindIsCaughtUpInPartsThatFitItsBufferNotDroppedForEver() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        // More fills than one stream's buffer holds (about 300 bytes each against 1 MiB).
        let total: UInt64 = 6_000
        let path = fixture.scratch.file("far-behind.jsonl")
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        for order in 1...Int64(total) {
            let fill = Fill(
                venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: OrderID(order), index: 0, side: .buy,
                price: Price(cents: 5_010), qty: Quantity(shares: 10), time: Timestamp(nanoseconds: order), strategyID: "mm")
            _ = try ledger.append(fill)
        }
        try ledger.close()
        var snapshot = try #require(fixture.board.snapshot)
        snapshot.ledgerSequence = total
        let board = MonitorBoard()
        board.publish(snapshot, events: [])
        let now = fixture.now
        let routes = MonitorRoutes(board: board, token: nil, version: "test", ledgerPath: path) { now }
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: routes)
        defer { server.stop() }
        var last: UInt64 = 0
        var parts = 0
        // Each part ends its connection; the client comes back from the last id it got.
        while last < total, parts < 20 {
            parts += 1
            let socket = try Self.subscribe(server, lastEventID: last)
            let (bytes, closed) = socket.readToEnd(limit: 2_000)
            let ids = Self.ids(Self.text(bytes))
            #expect(ids == Array(last + 1..<last + 1 + UInt64(ids.count)), "part \(parts) skips or repeats a fill")
            guard let end = ids.last else { break }
            #expect(closed || end == total, "a part short of the end closes its connection")
            last = end
        }
        #expect(last == total)
        #expect(parts > 1)
    }
}
