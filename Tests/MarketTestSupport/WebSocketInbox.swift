import Foundation
import HTTP
import Synchronization
import WebSocket

/// What a test's `WebSocketClient` received: every message in order and the close, with bounded
/// waits for them.
public final class WebSocketInbox: Sendable {
    private let messages = Mutex<[WebSocketMessage]>([])
    private let ending = Mutex<(code: WebSocketCloseCode, reason: String)?>(nil)

    public init() {}

    /// The client's `onEvent`.
    public var handler: @Sendable (WebSocketClient.Event) -> Void {
        { event in
            switch event {
            case .message(let message): self.messages.withLock { $0.append(message) }
            case .closed(let code, let reason): self.ending.withLock { $0 = (code, reason) }
            }
        }
    }

    /// Every message so far.
    public var received: [WebSocketMessage] { messages.withLock { $0 } }

    /// The close, once it came.
    public var closed: (code: WebSocketCloseCode, reason: String)? { ending.withLock { $0 } }

    /// The messages' bytes parsed as JSON (the oracle), every one so far.
    public func json() -> [Any] {
        received.compactMap { try? JSONSerialization.jsonObject(with: Data($0.bytes)) }
    }

    /// Waits up to `seconds` until `condition` holds of the messages so far; whether it did.
    @discardableResult
    public func wait(seconds: Double = 30, until condition: ([WebSocketMessage]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition(received) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(received)
    }

    /// Waits up to `seconds` for the close.
    public func waitForClose(seconds: Double = 30) async -> (code: WebSocketCloseCode, reason: String)? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline, closed == nil { try? await Task.sleep(for: .milliseconds(10)) }
        return closed
    }

    /// Waits until some message's text contains `fragment`; whether one did.
    @discardableResult
    public func wait(seconds: Double = 30, for fragment: String) async -> Bool {
        await wait(seconds: seconds) { $0.contains { String(decoding: $0.bytes, as: UTF8.self).contains(fragment) } }
    }
}
