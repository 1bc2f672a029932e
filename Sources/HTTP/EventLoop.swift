import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One event loop on its own thread: accepts from the shared listener, reads requests, calls the
/// handler, writes responses and closes connections that time out.
///
/// It waits with `poll(2)`: the Glibc module does not expose epoll, and the house rules keep C
/// shims out of the HTTP part. One `poll` over a few hundred descriptors costs microseconds.
final class EventLoop: @unchecked Sendable {
    // Everything but `stopping`, `evictionsPending`, `streamsPending` and `wakeWriteFD` is
    // touched only by the loop's thread.
    let index: Int
    private let wakeReadFD: Int32
    private let wakeWriteFD: Int32
    private let listenFD: Int32
    let configuration: HTTPServerConfiguration
    private let handler: HTTPServer.Handler
    private let limiter: ConnectionLimiter
    private let stopping = Atomic<Bool>(false)
    /// Set when another loop (or this one) evicted one of this loop's connections to make room.
    private let evictionsPending = Atomic<Bool>(false)
    /// Set when a stream of this loop has bytes queued or changed phase.
    private let streamsPending = Atomic<Bool>(false)
    let idleTimeout: UInt64
    private let requestTimeout: UInt64
    private let headerTimeout: UInt64
    /// How long the loop keeps polling without sleeping after work.
    private var busyPoll: BusyPoll
    private var connections: [ServerConnection] = []
    private var pollSet: [pollfd] = []
    private var listenerPaused = false
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    /// Outputs past this size stop the decoding of further pipelined requests until written.
    private static let outputHighWater = 1 << 20

    init(
        index: Int, listenFD: Int32, configuration: HTTPServerConfiguration, limiter: ConnectionLimiter,
        handler: @escaping HTTPServer.Handler
    ) throws(HTTPError) {
        self.index = index
        self.listenFD = listenFD
        self.configuration = configuration
        self.limiter = limiter
        self.handler = handler
        idleTimeout = configuration.idleTimeout.nanoseconds
        requestTimeout = configuration.requestTimeout.nanoseconds
        headerTimeout = configuration.headerTimeout.nanoseconds
        busyPoll = BusyPoll(
            interval: configuration.busyPollInterval.nanoseconds, fewClientsInterval: configuration.fewClientsPollInterval.nanoseconds)
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else { throw .couldNotListen(configuration.address.description, reason: Socket.errorText(errno)) }
        wakeReadFD = pipeFDs[0]
        wakeWriteFD = pipeFDs[1]
        for fd in pipeFDs {
            Socket.setNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    /// Closes the loop's wake pipe: after `run` has returned, or for a loop that never ran. `run`
    /// leaves it open, because `requestStop` may still be writing to it when the loop sees
    /// `stopping` and returns; a write after the read end closed would raise SIGPIPE.
    func releaseResources() {
        Glibc.close(wakeReadFD)
        Glibc.close(wakeWriteFD)
    }

    /// Asks the loop to close its connections and return from `run`; safe from any thread.
    func requestStop() {
        stopping.store(true, ordering: .releasing)
        var one: UInt8 = 1
        _ = write(wakeWriteFD, &one, 1)
    }

    /// Has the loop look at its streams' queues; safe from any thread. The pipe gets one byte
    /// per round of the loop at most.
    func wakeForStreams() {
        guard !streamsPending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var one: UInt8 = 1
        _ = write(wakeWriteFD, &one, 1)
    }

    /// Has the loop close its connections that the limiter evicted; safe from any thread.
    func closeEvictedConnections(askedBy loop: EventLoop) {
        evictionsPending.store(true, ordering: .releasing)
        guard loop !== self else { return }
        var one: UInt8 = 1
        _ = write(wakeWriteFD, &one, 1)
    }

    /// Serves until `requestStop`. After activity it polls without sleeping for a while
    /// (`BusyPoll`), yielding between polls, because on loopback waking a sleeping thread costs
    /// more than answering the next request; the yield hands the processor to any other runnable
    /// thread, such as the client, instead of competing with it.
    func run() {
        let tick = Int32(max(1, min(250, min(idleTimeout, requestTimeout, headerTimeout) / 4_000_000)))
        var nextSweep = Socket.monotonicNanoseconds() + UInt64(tick) * 1_000_000
        while !stopping.load(ordering: .acquiring) {
            let polled = connections
            buildPollSet()
            let spinning = busyPoll.isWatching(at: Socket.monotonicNanoseconds())
            if spinning { sched_yield() }
            let count = poll(&pollSet, nfds_t(pollSet.count), spinning ? 0 : tick)
            if count < 0 {
                precondition(errno == EINTR, "poll failed: \(Socket.errorText(errno))")
                continue
            }
            if count > 0 {
                dispatchEvents(polled)
                notePolledWork()
            }
            if streamsPending.exchange(false, ordering: .acquiringAndReleasing) {
                for connection in connections { pumpStream(connection) }
            }
            if evictionsPending.exchange(false, ordering: .acquiring) {
                // One evicted finishing a response (`serve`) closes after it, one mid-request after a 408.
                for connection in connections where connection.ticket.isEvicted {
                    guard case .serving = connection.phase else { continue }
                    if connection.isReceivingRequest, !connection.hasPendingOutput {
                        refuse(connection, status: 408, reason: "request not completed before the server needed its connection")
                        flush(connection)
                    }
                    close(connection)
                }
                // A listener paused for want of descriptors can accept again.
                listenerPaused = false
            }
            connections.removeAll { if case .closed = $0.phase { true } else { false } }
            let now = Socket.monotonicNanoseconds()
            if now >= nextSweep {
                sweep(now: now)
                nextSweep = now + UInt64(tick) * 1_000_000
            }
        }
        for connection in connections { close(connection) }
        connections.removeAll()
    }

    /// Starts the watch after work, counting the connections active within the longer watch.
    private func notePolledWork() {
        let now = Socket.monotonicNanoseconds()
        var active = 0
        for connection in connections where now &- connection.lastActivity <= busyPoll.fewClientsInterval {
            active += 1
            if active > BusyPoll.fewClients { break }
        }
        busyPoll.worked(at: now, activeConnections: active)
    }

    /// Slot 0 is the wake pipe, slot 1 the listener (ignored while paused), then `connections`.
    private func buildPollSet() {
        pollSet.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0))
        pollSet.append(pollfd(fd: listenerPaused ? -1 : listenFD, events: Int16(POLLIN), revents: 0))
        for connection in connections {
            pollSet.append(pollfd(fd: connection.fd, events: Int16(connection.awaitingWritable ? POLLOUT : POLLIN), revents: 0))
        }
    }

    private func dispatchEvents(_ polled: [ServerConnection]) {
        if pollSet[0].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            _ = read(wakeReadFD, &drained, drained.count)
        }
        if pollSet[1].revents != 0 { acceptConnections() }
        for (offset, connection) in polled.enumerated() {
            let events = Int32(pollSet[offset + 2].revents)
            if events == 0 || isClosed(connection) { continue }
            if events & Int32(POLLOUT) != 0 {
                flush(connection)
                if case .serving = connection.phase, !connection.hasPendingOutput { serve(connection) }
                pumpStream(connection)
            }
            if events & Int32(POLLIN | POLLERR | POLLHUP) != 0, !isClosed(connection), !connection.awaitingWritable {
                readInput(connection)
            }
        }
    }

    /// Accepts waiting connections within the caps (see `ConnectionLimiter`).
    private func acceptConnections() {
        for _ in 0..<64 {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &length) }
            }
            if fd < 0 {
                // Out of descriptors: free the longest-idle connection's and stop accepting until
                // the next sweep rather than spin.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    limiter.evictOldest()?.owner.closeEvictedConnections(askedBy: self)
                    pauseListener()
                }
                return
            }
            let now = Socket.monotonicNanoseconds()
            let ticket = ConnectionTicket(address: PeerAddress(peer), owner: self, now: now)
            guard case let .admitted(evicted) = limiter.admit(ticket) else {
                Glibc.close(fd)
                continue
            }
            evicted?.owner.closeEvictedConnections(askedBy: self)
            Socket.setNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            Socket.setNoDelay(fd)
            let connection = ServerConnection(fd: fd, ticket: ticket, limits: configuration.limits, now: now)
            connection.peer = HTTPPeer.of(fd, storage: peer, length: length)
            connections.append(connection)
        }
    }

    private func readInput(_ connection: ServerConnection) {
        let count = scratch.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { close(connection) }
            return
        }
        if count == 0 {
            close(connection)
            return
        }
        let now = Socket.monotonicNanoseconds()
        connection.lastActivity = now
        switch connection.phase {
        case .serving:
            if !connection.isReceivingRequest {
                // An idle connection the limiter picked for closing is closed, not served.
                guard connection.ticket.markReceiving(since: now) else {
                    close(connection)
                    return
                }
                connection.requestStarted = now
            }
            connection.input.append(contentsOf: scratch[0..<count])
            serve(connection)
        case .streaming:
            // A held response reads only to notice the client closing; a WebSocket decodes.
            guard let webSocket = connection.webSocket else { return }
            scratch.withUnsafeBytes { receiveWebSocket(connection, webSocket, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        case .closingAfterWrite, .draining, .closed:
            return
        }
    }

    /// Decodes and answers the buffered requests, then writes what it can.
    ///
    /// The connection turns idle before its last response is sent, not after: a client that has
    /// read the response may open its next connection at once, and the loop accepting that one
    /// must find this one idle (the oldest, to make room) even while this loop is still between
    /// the send and the mark. A response the socket cannot take whole keeps it busy until written.
    private func serve(_ connection: ServerConnection) {
        while case .serving = connection.phase, !connection.hasPendingOutput {
            let hitHighWater = answerRequests(connection)
            connection.compactInput()
            var answeredAll = false
            if !hitHighWater, case .serving = connection.phase, !connection.isReceivingRequest {
                answeredAll = true
                connection.ticket.markIdle(now: connection.lastActivity)
            }
            guard !isClosed(connection) else { return }
            flush(connection)
            if answeredAll, connection.hasPendingOutput, !connection.ticket.markBusy() {
                // Evicted in between: the response is finished, then the connection closed.
                connection.phase = .closingAfterWrite
            } else if !hitHighWater, case .serving = connection.phase, connection.isReceivingRequest, !connection.hasPendingOutput {
                // The next request has begun arriving behind those answered.
                _ = connection.ticket.markReceiving(since: connection.requestStarted)
            }
            if !hitHighWater { break }
        }
    }

    /// Answers complete requests until none is left, the connection is to close, or the output
    /// passes the high-water mark (returns true in that last case).
    private func answerRequests(_ connection: ServerConnection) -> Bool {
        while case .serving = connection.phase, connection.hasUndecodedInput {
            if connection.output.count - connection.outputWritten >= Self.outputHighWater { return true }
            switch connection.decoder.decode(connection.input, from: connection.inputStart) {
            case .needMoreBytes:
                // What the decoder has taken in leaves the buffer: a chunked body is held once,
                // decoded, and its framing never read again.
                connection.inputStart += connection.decoder.releaseDecoded()
                if connection.decoder.awaitingBodyAfterContinue && !connection.sentContinue {
                    connection.output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
                    connection.sentContinue = true
                }
                return false
            case .request(var request, let consumed):
                request.peer = connection.peer
                connection.inputStart += consumed
                connection.sentContinue = false
                // Whole: from now on it is answered, never closed for room; evicted first, it is closed.
                guard connection.ticket.markBusy() else {
                    close(connection)
                    return false
                }
                connection.requestStarted = connection.lastActivity
                let response = handler(request)
                if let start = response.webSocket {
                    startWebSocket(connection, request: request, response: response, start: start)
                    continue
                }
                if let start = response.stream {
                    startStream(connection, response: response, start: start)
                    continue
                }
                if response.status == HTTPResponse.noAnswer.status {
                    connection.input.removeAll()
                    connection.inputStart = 0
                    connection.phase = .closingAfterWrite
                    continue
                }
                let keepAlive = request.keepAlive && !response.headers.connectionHas("close")
                    && !stopping.load(ordering: .relaxed)
                response.encode(
                    into: &connection.output, keepAlive: keepAlive, requestMinorVersion: request.minorVersion,
                    omitBody: request.method == "HEAD")
                if !keepAlive { connection.phase = .closingAfterWrite }
            case let .invalid(status, reason):
                refuse(connection, status: status, reason: reason)
            }
        }
        return false
    }

    /// Closes connections idle past the idle time-out, or late with a request's head (header
    /// time-out) or whole request (request time-out; 408 first when a request is partly
    /// received), and draining ones whose peer has not closed within a short linger.
    private func sweep(now: UInt64) {
        listenerPaused = false
        let linger = min(idleTimeout, 2_000_000_000)
        for connection in connections {
            switch connection.phase {
            case let .draining(since):
                if now - since > linger { close(connection) }
            case .serving, .closingAfterWrite:
                let partial = connection.isReceivingRequest && !connection.hasPendingOutput
                let idle = now - connection.lastActivity > idleTimeout
                let late = now - connection.requestStarted
                let slowHead = partial && !connection.decoder.hasPartialRequest && late > headerTimeout
                let slow = partial && late > requestTimeout
                guard idle || slow || slowHead else { continue }
                if partial {
                    refuse(connection, status: 408, reason: slowHead ? "request head not completed in time" : "request not completed in time")
                    flush(connection)
                }
                close(connection)
            case .streaming:
                if !sweepWebSocket(connection, now: now) { sweepStream(connection, now: now) }
            case .closed:
                continue
            }
        }
    }

    func isClosed(_ connection: ServerConnection) -> Bool {
        if case .closed = connection.phase { return true }
        return false
    }

    func close(_ connection: ServerConnection) {
        guard !isClosed(connection) else { return }
        connection.phase = .closed
        connection.stream?.handle.end()
        reportWebSocketClosed(connection)
        limiter.release(connection.ticket)
        Glibc.close(connection.fd)
    }

    private func pauseListener() {
        listenerPaused = true
    }
}
