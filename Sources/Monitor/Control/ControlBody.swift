/// A control request's JSON body: `{"strategy": ..., "symbol": ..., "reason": ...}`, every
/// field optional (no strategy: the whole account). An empty body is all fields absent.
struct ControlBody: Decodable, Sendable {
    var strategy: String?
    var symbol: String?
    var reason: String?
}
