import HTTP
import Synchronization

/// Answers the server is told to lose: the next requests with a given method and path are
/// carried out, then their connection is closed without a response, as when a network drops
/// the answer. Tests of clients' idempotent retries use it.
final class ResponseFaults: Sendable {
    private let rules = Mutex<[(method: String, path: String, count: Int)]>([])

    /// Loses the answers to the next `count` requests `method path` (the path without a query).
    func drop(_ count: Int, method: String, path: String) {
        rules.withLock { $0.append((method, path, count)) }
    }

    /// Whether the answer to `request` is to be lost; counts it when it is.
    func shouldDrop(_ request: HTTPRequest) -> Bool {
        rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.method == request.method && $0.path == request.path && $0.count > 0 }) else {
                return false
            }
            rules[index].count -= 1
            if rules[index].count == 0 { rules.remove(at: index) }
            return true
        }
    }
}
