import Foundation
import SimulatedMarket
import Synchronization

/// A stream subscriber for tests: keeps every message it is sent, parsed with
/// `JSONSerialization` (the oracle), and answers `accepting` (false: it is gone).
final class StreamCollector: Sendable {
    private let messages = Mutex<[[UInt8]]>([])
    private let accepting: Bool
    private let drops = Atomic<Int>(0)

    init(accepting: Bool = true) { self.accepting = accepting }

    var send: StreamSend {
        { bytes in
            self.messages.withLock { $0.append(bytes) }
            return self.accepting
        }
    }

    var dropped: @Sendable () -> Void { { self.drops.add(1, ordering: .relaxed) } }

    /// How many times `dropped` was called.
    var dropCount: Int { drops.load(ordering: .relaxed) }

    /// The messages so far, parsed, and forgotten.
    func take() throws -> [Any] {
        let taken = messages.withLock { messages in
            defer { messages = [] }
            return messages
        }
        return try taken.map { try JSONSerialization.jsonObject(with: Data($0)) }
    }

    /// The messages so far as JSON objects, and forgotten.
    func objects() throws -> [[String: Any]] { try take().compactMap { $0 as? [String: Any] } }
}
