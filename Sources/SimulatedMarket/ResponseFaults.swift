import HTTP
import Synchronization

/// Answers the server is told to lose or refuse: the next requests with a given method and
/// path are carried out, then their connection is closed without a response, as when a network
/// drops the answer (tests of clients' idempotent retries); or they are not carried out and
/// answered 429 with a `Retry-After`, as a rate limit met in the middle of a long download.
final class ResponseFaults: Sendable {
    private let rules = Mutex<[(method: String, path: String, count: Int)]>([])
    private let refusals = Mutex<[(method: String, path: String, count: Int)]>([])

    /// Answers the next `count` requests `method path` (the path without a query) 429.
    func rateLimit(_ count: Int, method: String, path: String) {
        refusals.withLock { $0.append((method, path, count)) }
    }

    /// Whether `request` is to be refused with a 429; counts it when it is.
    func shouldRateLimit(_ request: HTTPRequest) -> Bool {
        Self.take(request, from: refusals)
    }

    /// Loses the answers to the next `count` requests `method path` (the path without a query).
    func drop(_ count: Int, method: String, path: String) {
        rules.withLock { $0.append((method, path, count)) }
    }

    /// Whether the answer to `request` is to be lost; counts it when it is.
    func shouldDrop(_ request: HTTPRequest) -> Bool {
        Self.take(request, from: rules)
    }

    /// Forgets every fault still to come.
    func clear() {
        rules.withLock { $0.removeAll() }
        refusals.withLock { $0.removeAll() }
    }

    private static func take(_ request: HTTPRequest, from rules: borrowing Mutex<[(method: String, path: String, count: Int)]>) -> Bool {
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
