import HTTP
import Testing

/// A request's path, query and path segments, found over bytes for ASCII targets, against what
/// the character-by-character reading (`firstIndex(of: "?")`, `split(separator: "/")`) gives.
@Suite(.timeLimit(.minutes(10))) struct HTTPRequestTargetTests {
    static let targets = [
        "/", "*", "/ob/api/venues/TESTEX/stocks/FOOBAR/orders", "/ob/api/heartbeat?", "/v2/orders?status=all&limit=5",
        "//ob//api///venues/", "/a?b?c", "?only=query", "/api/v1/quote?symbol=FOO&token=x/y", "/caf\u{E9}/na\u{EF}ve?q=\u{E9}",
        // A combining mark after `/` or `?` makes one character with it, which is not `/` or `?`.
        "/ob/api/venues/X/\u{301}/stocks/FOOBAR", "/ob/api?\u{301}x=1?y=2", "/a/\u{1F600}/b?\u{1F600}",
    ]

    @Test(arguments: targets)
    func pathQueryAndSegmentsReadAsCharactersDo(target: String) {
        let request = HTTPRequest(method: "GET", target: target)
        let mark = target.firstIndex(of: "?")
        let path = mark.map { target[..<$0] } ?? target[...]
        #expect(request.path == path)
        #expect(request.query == mark.map { target[target.index(after: $0)...] })
        #expect(request.pathSegments == path.split(separator: "/"))
    }
}
