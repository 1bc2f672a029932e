@testable import HTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct HTTPRequestDecoderTests {
    private func decode(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestDecoder.Result {
        var decoder = HTTPRequestDecoder(limits: limits)
        return decoder.decode(Array(text.utf8))
    }

    private func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Int? {
        if case let .invalid(status, _) = decode(text, limits: limits) { return status }
        return nil
    }

    @Test func decodesRequestLineHeadersAndQuery() throws {
        let text = "GET /ob/api/venues/TESTEX/stocks?x=1 HTTP/1.1\r\nHost: a\r\nX-Thing:  spaced value \t\r\n\r\n"
        guard case let .request(request, consumed) = decode(text) else { Issue.record("not decoded"); return }
        #expect(consumed == text.utf8.count)
        #expect(request.method == "GET")
        #expect(request.path == "/ob/api/venues/TESTEX/stocks")
        #expect(request.query == "x=1")
        #expect(request.headers["x-thing"] == "spaced value")
        #expect(request.headers["HOST"] == "a")
        #expect(request.body.isEmpty)
        #expect(request.keepAlive)
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() {
        func keepAlive(_ text: String) -> Bool? {
            if case let .request(request, _) = decode(text) { return request.keepAlive }
            return nil
        }
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, Close\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
    }

    @Test func decodesContentLengthBodyArrivingOneByteAtATime() {
        let text = Array("POST /o HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world".utf8)
        let (early, last) = HTTPRequestDecoder.decodingOneByteAtATime(text)
        #expect(early.allSatisfy { $0 == .needMoreBytes })
        guard case let .request(request, consumed) = last else {
            Issue.record("last byte did not complete the request: \(last)")
            return
        }
        #expect(request.body == Array("hello world".utf8))
        #expect(consumed == text.count)
    }

    @Test func decodesPipelinedRequestsOneAfterAnother() {
        let bytes = Array("GET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhiGET /c HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        var decoder = HTTPRequestDecoder()
        var start = 0
        var targets: [String] = []
        while case let .request(request, consumed) = decoder.decode(bytes, from: start) {
            targets.append(request.target)
            start += consumed
        }
        #expect(targets == ["/a", "/b", "/c"])
        #expect(start == bytes.count)
    }

    @Test func skipsLeadingEmptyLines() {
        guard case let .request(request, _) = decode("\r\n\r\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("not decoded")
            return
        }
        #expect(request.target == "/x")
        #expect(request.headers["Host"] == "h")
    }

    @Test func bareLineFeedsInTheHeadAre400() {
        #expect(status("GET /x HTTP/1.1\nHost: h\n\n") == 400)
        #expect(status("GET /x HTTP/1.1\r\nHost: h\n\r\n") == 400)
        #expect(status("GET /x HTTP/1.1\r\nHost: h\r\n\n") == 400)
        #expect(status("\nGET /x HTTP/1.1\r\nHost: h\r\n\r\n") == 400)
    }

    @Test func missingOrRepeatedHostIs400() {
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") == 400)
        if case .request = decode("GET / HTTP/1.0\r\n\r\n") {} else { Issue.record("HTTP/1.0 request without Host refused") }
    }

    @Test func transferEncodingOnHTTP10Is400() {
        #expect(status("POST / HTTP/1.0\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") == 400)
    }

    @Test func absoluteFormTargetBecomesPathAndQuery() {
        guard case let .request(request, _) = decode("GET http://example.com:80/p?q HTTP/1.1\r\nHost: example.com\r\n\r\n") else {
            Issue.record("not decoded")
            return
        }
        #expect(request.target == "/p?q")
    }

    @Test func malformedRequestLinesAre400() {
        #expect(status("GET\r\n\r\n") == 400)
        #expect(status("GET /\r\n\r\n") == 400)
        #expect(status("GET  / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1 extra\r\n\r\n") == 400)
        #expect(status("G(T / HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET nopath HTTP/1.1\r\n\r\n") == 400)
        #expect(status("GET / HTTX/1.1\r\n\r\n") == 400)
        #expect(status("\u{01}\u{02}\u{03}\r\n\r\n") == 400)
    }

    @Test func otherHTTPVersionsAre505() {
        #expect(status("GET / HTTP/2.0\r\n\r\n") == 505)
    }

    @Test func malformedHeadersAre400() {
        #expect(status("GET / HTTP/1.1\r\nNoColon\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\n: empty\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n") == 400)
        #expect(status("GET / HTTP/1.1\r\nA: b\u{00}c\r\n\r\n") == 400)
    }

    @Test func invalidOrConflictingContentLengthIs400() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1x\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\nab") == 400)
    }

    @Test func headOverLimitIs431EvenBeforeItEnds() {
        let padding = String(repeating: "a", count: 17 * 1024)
        #expect(status("GET / HTTP/1.1\r\nX: \(padding)\r\n\r\n") == 431)
        #expect(status("GET / HTTP/1.1\r\nX: \(padding)") == 431)
        let fits = String(repeating: "a", count: 15 * 1024)
        if case .request = decode("GET / HTTP/1.1\r\nHost: h\r\nX: \(fits)\r\n\r\n") {} else { Issue.record("15 KiB head refused") }
    }

    @Test func declaredBodyOverLimitIs413WithoutWaitingForIt() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 65537\r\n\r\n") == 413)
        #expect(decode("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 65536\r\n\r\n") == .needMoreBytes)
    }

    @Test func decodesChunkedBodiesWithExtensionsAndTrailers() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n"
        guard case let .request(request, consumed) = decode(text) else { Issue.record("not decoded"); return }
        #expect(request.bodyText == "hello world")
        #expect(consumed == text.utf8.count)
    }

    @Test func chunkedBodiesOverLimitAre413AndBadSizesAre400() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n10001\r\n") == 413)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX") == 400)
    }

    @Test func unknownTransferCodingIs501() {
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == 501)
    }
}

extension HTTPRequest {
    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

extension HTTPRequestDecoder {
    /// Decodes `bytes` as they would arrive one at a time, each call given the bytes so far from
    /// the same start: the results before the last byte, and the last one.
    static func decodingOneByteAtATime(_ bytes: [UInt8]) -> (early: [Result], last: Result) {
        var decoder = HTTPRequestDecoder()
        var results: [Result] = []
        for count in 1...bytes.count { results.append(decoder.decode(Array(bytes[0..<count]))) }
        return (Array(results.dropLast()), results[results.count - 1])
    }
}
