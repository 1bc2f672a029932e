import Brokerage
import CommandLineKit
import Live
import StrategyKit
import Wire

/// How `tail --stream` and `record --stream` follow a feed that may end: open it, hand on its
/// events until it ends, then one line on stderr and, after a back-off (0.5 s doubling to 30 s,
/// ±25%, as the daemon's), open it again, until cancelled (SIGINT, SIGTERM, `--duration`).
/// Nothing is invented for the gap: what the feed did not deliver is not there.
enum StreamReconnection {
    /// A feed's open connection: `close` ends it.
    struct Opened: Sendable {
        var close: @Sendable () -> Void
    }

    /// Follows the feed `what` opens (`open` hands its events to the closure it is given, the
    /// connection's end as the event `isEnd` gives a reason for), calling `handle` with every
    /// other event, until the task is cancelled. An error of `handle`, or a `CLIError` of `open`
    /// (a feed that cannot be had at all), ends it and is thrown.
    static func follow<Event: Sendable>(
        _ what: String, open: (@escaping @Sendable (Event) -> Void) async throws -> Opened, isEnd: (Event) -> String?,
        handle: (Event) throws -> Void
    ) async throws {
        // The daemon's back-off (`StreamSettings`' defaults); its other settings are unused here.
        let daemon = StreamSettings(safetyPollInterval: .seconds(10), stallTimeout: .seconds(30))
        var backoff = StreamBackoff(initial: daemon.initialBackoff, maximum: daemon.maximumBackoff, jitterPercent: daemon.jitterPercent)
        while !Task.isCancelled {
            let (events, continuation) = AsyncStream.makeStream(of: Event.self)
            let why: String
            do {
                let opened = try await open { continuation.yield($0) }
                defer { opened.close() }
                why = try await relay(events, isEnd: isEnd, handle: handle, backoff: &backoff)
            } catch let error as StreamHandlingError {
                throw error.underlying
            } catch let error as CLIError {
                throw error
            } catch {
                why = "could not connect: \(error)"
            }
            if Task.isCancelled { return }
            let wait = backoff.next(random: daemon.random)
            Console.err("tickwork: \(what): \(why); reconnecting in \(DurationText.describe(wait))")
            do { try await Task.sleep(for: wait) } catch { return }
        }
    }

    /// Follows `broker`'s push stream of `symbols` on `venue` (`Broker.openStream`) as `follow`
    /// does, a broker that does not stream being a failure.
    static func follow(
        _ broker: any Broker, venue: Venue, symbols: [Symbol], handle: (BrokerStreamEvent) throws -> Void
    ) async throws {
        try await follow(
            "\(venue) stream",
            open: { onEvent in
                guard let stream = try await broker.openStream(venue: venue, symbols: symbols, onEvent: onEvent) else {
                    throw CLIError.failure("the \(venue) broker does not stream")
                }
                return Opened(close: { stream.close() })
            },
            isEnd: { event in
                if case .closed(let reason) = event { return reason }
                return nil
            },
            handle: handle)
    }

    /// Hands `events` to `handle` until one ends the connection (its reason) or the task is
    /// cancelled; a connection that delivered anything resets the back-off.
    private static func relay<Event: Sendable>(
        _ events: AsyncStream<Event>, isEnd: (Event) -> String?, handle: (Event) throws -> Void, backoff: inout StreamBackoff
    ) async throws -> String {
        for await event in events {
            if let reason = isEnd(event) { return "connection lost (\(reason))" }
            backoff.reset()
            do { try handle(event) } catch { throw StreamHandlingError(underlying: error) }
        }
        return "stopped"
    }

    /// An error of `handle`, which ends the following rather than counting as a lost connection.
    private struct StreamHandlingError: Error {
        var underlying: any Error
    }
}
