import HTTP
import Ledger
import Lifecycle
import Live
import StrategyKit
import Synchronization

/// The `/api/events` Server-Sent Events stream: each client holds its connection and is sent
/// every event as the board receives it.
///
/// Only fills carry an `id:`, their ledger sequence number, so the browser's `Last-Event-ID`
/// is the last fill it saw, and it stays true across restarts of the daemon. A client that
/// comes back with it is first sent every later fill: those the board still keeps, and older
/// ones read from the ledger file (off the event loop); then the events published from then
/// on (order changes, denials and state changes of the past are not replayed). A new client is
/// sent only an `id:` line with the ledger's last sequence, to resume from should it lose the
/// connection.
///
/// A client far behind is caught up in parts: when the fills it is owed from the ledger come to
/// more than `catchUpLimit` bytes, it is sent that much and the stream ends, so that the client
/// reconnects from the last fill it got (as every EventSource does after `retry` ms). Sending
/// it all at once would overflow the stream's buffer: the client would be dropped with nothing
/// and come back with the same id, for ever.
///
/// The board calls `broadcast` on the engine loop: it encodes each event once and queues it on
/// every stream, which never waits on a client; a client that falls behind by more than
/// `bufferLimit` bytes is dropped by the HTTP server, and forgotten here at the next event.
final class MonitorEventStream: Sendable {
    /// What the browser waits before it reconnects after losing the stream.
    static let retryMs = 1_000
    /// How long a stream may be quiet before a comment line is sent to keep proxies from
    /// closing it.
    static let heartbeatInterval: Duration = .seconds(15)
    /// How far behind a client may fall before it is dropped.
    let bufferLimit: Int
    /// The most bytes of fills read back from the ledger that one connection is sent.
    var catchUpLimit: Int { bufferLimit / 2 }

    /// One client: its stream and how far it has been sent.
    final class Subscriber: Sendable {
        struct Position {
            /// The board id of the last event sent or passed over.
            var event: UInt64
            /// The ledger sequence of the last fill sent.
            var fill: UInt64
        }

        let stream: HTTPStream
        let position: Mutex<Position>

        init(stream: HTTPStream, position: Position) {
            self.stream = stream
            self.position = Mutex(position)
        }

        /// Sends those of `events` it has not been sent, oldest first; false once the stream
        /// has ended. Holding its lock keeps a catch-up and a broadcast from interleaving.
        func deliver(_ events: [(event: MonitorEvent, text: [UInt8])]) -> Bool {
            position.withLock { position in
                for (event, text) in events where event.id > position.event {
                    position.event = event.id
                    if case .fill(let row) = event.kind {
                        guard row.sequence > position.fill else { continue }
                        position.fill = row.sequence
                    }
                    guard stream.send(text) else { return false }
                }
                return stream.isOpen
            }
        }
    }

    let board: MonitorBoard
    let ledgerPath: String?
    private let subscribers = Mutex<[Subscriber]>([])
    /// The most clients caught up from the ledger at once, each on a thread of its own.
    static let maxCatchUps = 2
    /// How many catch-ups are reading the ledger.
    private let catchUps = Atomic<Int>(0)

    init(board: MonitorBoard, ledgerPath: String?, bufferLimit: Int = 1 << 20) {
        self.board = board
        self.ledgerPath = ledgerPath
        self.bufferLimit = bufferLimit
        board.onEvents { [weak self] events in self?.broadcast(events) }
    }

    /// How many clients hold the stream.
    var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// The response that holds the connection for a client resuming after the fill `after`
    /// (nil for a new client).
    func response(after: UInt64?) -> HTTPResponse {
        let start = HTTPStreamStart(
            bufferLimit: bufferLimit, heartbeatInterval: Self.heartbeatInterval, heartbeat: Array(":\n".utf8)
        ) { [self] stream in open(stream, after: after) }
        return .streaming(headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"], start: start)
    }

    /// Sends `stream` what its client is owed and adds it to the subscribers. It is called on an
    /// event loop, which must never wait for the disk: fills owed from the ledger are read on a
    /// thread of their own, `maxCatchUps` at most at once; a client past them is sent `retry`
    /// and the end of the stream, and comes back from the same fill.
    func open(_ stream: HTTPStream, after: UInt64?) {
        let (kept, boundary) = board.events(after: 0)
        let keptFills = kept.compactMap { if case .fill(let row) = $0.kind { row } else { nil } }
        // The ledger's last sequence, unknown before the engine's first snapshot.
        let ledgerLast = board.snapshot.map { max($0.ledgerSequence, keptFills.last?.sequence ?? 0) }
        var text = Array("retry: \(Self.retryMs)\n\n".utf8)
        // An id past the ledger's end is not one of this ledger's: the client gets what follows now.
        let sent = after.map { after in min(after, ledgerLast ?? after) } ?? ledgerLast ?? 0
        if after == nil { text += Array("id: \(sent)\n\n".utf8) }
        // The last fill the board does not keep: those after `sent` up to it are read from the
        // ledger. The id came from the request, so nothing here may add to it unchecked.
        let lastUnkept = keptFills.first.map { max($0.sequence, 1) - 1 } ?? ledgerLast ?? .max
        // Before the engine's first snapshot the ledger's end is known only from the file.
        guard let ledgerPath, sent < lastUnkept || ledgerLast == nil else {
            subscribe(stream, text: text, sent: sent, kept: kept, boundary: boundary)
            return
        }
        guard catchUps.add(1, ordering: .relaxed).newValue <= Self.maxCatchUps else {
            catchUps.subtract(1, ordering: .relaxed)
            text += Array(": other clients are being caught up; come back in \(Self.retryMs) ms\n\n".utf8)
            if stream.send(text) { stream.finish() }
            return
        }
        OSThread.detach(name: "monitor-catchup") { [self, text] in
            defer { catchUps.subtract(1, ordering: .relaxed) }
            var text = text, sent = sent
            let whole = readLedger(ledgerPath, through: lastUnkept, endKnown: ledgerLast != nil, text: &text, sent: &sent)
            guard whole else {
                // The client comes back for the rest from the last fill sent.
                if stream.send(text) { stream.finish() }
                return
            }
            subscribe(stream, text: text, sent: sent, kept: kept, boundary: boundary)
        }
    }

    /// Appends to `text` the ledger's fills after `sent` up to `lastUnkept`, `catchUpLimit` bytes
    /// at most, moving `sent` along; false when it stopped short. Before the engine's first
    /// snapshot (`endKnown` false) an id past the file's end is taken as its end.
    private func readLedger(_ path: String, through lastUnkept: UInt64, endKnown: Bool, text: inout [UInt8], sent: inout UInt64) -> Bool {
        var partial = false
        do throws(LedgerError) {
            let ledger = try LedgerReader.forEach(in: path, from: sent == .max ? sent : sent + 1) { entry in
                guard entry.sequence > sent, entry.sequence <= lastUnkept, !partial else { return }
                guard text.count < catchUpLimit else {
                    partial = true
                    return
                }
                let row = MonitorSnapshot.FillRow(sequence: entry.sequence, fill: entry.fill)
                text += Self.encode(MonitorEvent(id: 0, time: entry.fill.time, kind: .fill(row)))
                sent = entry.sequence
            }
            if !endKnown { sent = min(sent, ledger.lastSequence) }
        } catch {
            // The client is told in a comment line and goes on from the fills the board keeps.
            text += Array(": fills after \(sent) could not be read: \(error)\n\n".utf8)
        }
        return !partial
    }

    /// Sends `stream` `text`, then the fills of `kept` after `sent`, and adds it to the
    /// subscribers from the board's event `boundary` on.
    private func subscribe(_ stream: HTTPStream, text: [UInt8], sent: UInt64, kept: [MonitorEvent], boundary: UInt64) {
        var text = text, sent = sent
        for event in kept {
            guard case .fill(let row) = event.kind, row.sequence > sent else { continue }
            text += Self.encode(event)
            sent = row.sequence
        }
        guard stream.send(text) else { return }
        let subscriber = Subscriber(stream: stream, position: .init(event: boundary, fill: sent))
        subscribers.withLock { list in
            list.removeAll { !$0.stream.isOpen }
            list.append(subscriber)
        }
        // What was published since `kept` was read; a broadcast racing with this sends nothing twice.
        _ = subscriber.deliver(board.events(after: boundary).events.map { ($0, Self.encode($0)) })
    }

    /// Queues `events` on every subscriber and forgets those whose stream has ended.
    func broadcast(_ events: [MonitorEvent]) {
        let current = subscribers.withLock { $0 }
        guard !current.isEmpty else { return }
        let encoded = events.map { ($0, Self.encode($0)) }
        let ended = current.filter { !$0.deliver(encoded) }
        guard !ended.isEmpty else { return }
        subscribers.withLock { list in list.removeAll { subscriber in ended.contains { $0 === subscriber } } }
    }

    /// One event as SSE lines: fills with their ledger sequence as `id:`.
    static func encode(_ event: MonitorEvent) -> [UInt8] {
        var text: [UInt8] = []
        if case .fill(let row) = event.kind { text += Array("id: \(row.sequence)\n".utf8) }
        text += Array("event: \(StatusDocument.eventType(event.kind))\ndata: ".utf8)
        text += StatusDocument.event(event)
        text += Array("\n\n".utf8)
        return text
    }
}
