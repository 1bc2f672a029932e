/// What `HTTPClientConnection.sendInline` did with a request.
public enum InlineOutcome: Sendable {
    /// Nothing is owed: send the request with `send`, from a thread that may block. Nothing was
    /// sent (the connection is in use, not open, or over TLS), or only what `send` itself sends
    /// again: a request not fully written, or an idempotent one on a connection the server had
    /// closed.
    case declined
    /// The request's outcome.
    case done(Result<HTTPResponse, HTTPError>)
    /// The request went out and its response has not all come within the budget:
    /// `finishInline()`, from a thread that may block, gives its outcome.
    case unfinished
}

extension HTTPClientConnection {
    /// Sends `request` on the calling thread when the connection is free, open and plain TCP,
    /// and watches for the response for `budget` without sleeping (yielding the processor
    /// between checks), so that a fast answer needs no other thread. Blocks the caller for
    /// about `budget` at most; the request's time limit is still `responseTimeout`, counted
    /// from now. After `.unfinished` the connection owes this request its outcome, through
    /// `finishInline()`, before it takes another inline one.
    public func sendInline(_ request: HTTPRequest, budget: Duration) -> InlineOutcome {
        guard tls == nil else { return .declined }
        let bytes = encoded(request)
        let outcome = state.withLockIfAvailable { (state: inout State) -> InlineOutcome in
            guard state.fd >= 0, state.unfinished == nil, state.finished == nil, !peerHasClosed(state.fd, nil) else { return .declined }
            let now = Socket.monotonicNanoseconds()
            let deadline = now + configuration.responseTimeout.nanoseconds
            state.responseStarted = false
            do throws(HTTPError) {
                try write(&state, bytes, deadline: deadline)
            } catch .connectionLost(requestSent: false) {
                // No server acts on a partial request: `send` reconnects and sends it whole.
                abandon(&state)
                return .declined
            } catch {
                abandon(&state)
                return .done(.failure(error))
            }
            var reading = ResponseRead(method: request.method, deadline: deadline, limits: configuration.limits)
            state.buffer.removeAll(keepingCapacity: true)
            do throws(HTTPError) {
                guard let response = try read(&state, &reading, watchingUntil: now + budget.nanoseconds) else {
                    state.unfinished = reading
                    return .unfinished
                }
                return .done(.success(response))
            } catch .connectionLost where !state.responseStarted {
                // The server had closed the reused connection: as `send` does, an idempotent
                // request goes again on a new one, and any other is reported lost once sent.
                abandon(&state)
                return Self.isIdempotent(request.method) ? .declined : .done(.failure(.connectionLost(requestSent: true)))
            } catch {
                abandon(&state)
                return .done(.failure(error))
            }
        }
        return outcome ?? .declined
    }

    /// The outcome of the request that `sendInline` left `.unfinished`: reads the rest of its
    /// response, blocking within its time limit, unless a request since has already done so.
    public func finishInline() -> Result<HTTPResponse, HTTPError> {
        state.withLock { (state: inout State) -> Result<HTTPResponse, HTTPError> in
            if let finished = state.finished {
                state.finished = nil
                return finished
            }
            return finishUnfinished(&state)
        }
    }
}
