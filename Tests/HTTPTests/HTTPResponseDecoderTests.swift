@testable import HTTP
import Testing

@Suite(.timeLimit(.minutes(10))) struct HTTPResponseDecoderTests {
    private func decode(_ text: String, method: String = "GET", endOfStream: Bool = false, limits: HTTPLimits? = nil) -> HTTPResponseDecoder.Result {
        var decoder = limits.map { HTTPResponseDecoder(limits: $0) } ?? HTTPResponseDecoder()
        return decoder.decode(Array(text.utf8), requestMethod: method, endOfStream: endOfStream)
    }

    @Test func encodedResponseDecodesToTheSameResponse() {
        let response = HTTPResponse(status: 404, headers: ["Content-Type": "application/json"], body: Array("{\"ok\":false}".utf8))
        var bytes: [UInt8] = []
        response.encode(into: &bytes, keepAlive: true)
        var decoder = HTTPResponseDecoder()
        var expected = response
        expected.headers.add(name: "Content-Length", value: "12")
        #expect(decoder.decode(bytes, requestMethod: "GET", endOfStream: false) == .response(expected, consumed: bytes.count, keepAlive: true))
    }

    @Test func closingResponseSaysConnectionClose() {
        var bytes: [UInt8] = []
        HTTPResponse(status: 200).encode(into: &bytes, keepAlive: false)
        #expect(String(decoding: bytes, as: UTF8.self) == "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    @Test func headResponseKeepsLengthButHasNoBody() {
        var bytes: [UInt8] = []
        HTTPResponse(status: 200, body: [1, 2, 3]).encode(into: &bytes, keepAlive: true, omitBody: true)
        guard case let .response(response, consumed, _) = decode(String(decoding: bytes, as: UTF8.self), method: "HEAD") else {
            Issue.record("not decoded")
            return
        }
        #expect(response.headers["Content-Length"] == "3")
        #expect(response.body.isEmpty)
        #expect(consumed == bytes.count)
    }

    @Test func decodesChunkedResponse() {
        guard case let .response(response, _, keepAlive) = decode("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n") else {
            Issue.record("not decoded")
            return
        }
        #expect(response.body == Array("abc".utf8))
        #expect(keepAlive)
    }

    @Test func bodyWithoutLengthRunsToEndOfStream() {
        let text = "HTTP/1.0 200 OK\r\n\r\npartial"
        #expect(decode(text) == .needMoreBytes)
        guard case let .response(response, _, keepAlive) = decode(text, endOfStream: true) else { Issue.record("not decoded"); return }
        #expect(response.body == Array("partial".utf8))
        #expect(!keepAlive)
    }

    @Test func skipsInterimResponses() {
        guard case let .response(response, _, _) = decode("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n") else {
            Issue.record("not decoded")
            return
        }
        #expect(response.status == 204)
    }

    @Test func acceptsStatusLineWithoutReason() {
        guard case let .response(response, _, _) = decode("HTTP/1.1 502\r\nContent-Length: 0\r\n\r\n") else {
            Issue.record("not decoded")
            return
        }
        #expect(response.status == 502)
        #expect(response.reason == "")
    }

    @Test func rejectsMalformedStatusLines() {
        for text in ["HTTP/2 200 OK\r\n\r\n", "<html>\r\n\r\n", "HTTP/1.1 2x0 OK\r\n\r\n", "HTTP/1.1 200OK\r\n\r\n"] {
            if case .invalid = decode(text) {} else { Issue.record("accepted \(text)") }
        }
    }

    @Test func truncatedBodyAtEndOfStreamIsInvalid() {
        if case .invalid = decode("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", endOfStream: true) {} else {
            Issue.record("truncated body accepted")
        }
    }

    @Test func bodyOverLimitIsTooLarge() {
        let limits = HTTPLimits(maxHeadBytes: 1024, maxBodyBytes: 4)
        #expect(decode("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", limits: limits) == .tooLarge(limit: 4))
        #expect(decode("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n", limits: limits) == .tooLarge(limit: 4))
    }

    @Test func requestEncodingAddsHostAndLength() {
        var bytes: [UInt8] = []
        HTTPRequest(method: "POST", target: "/o", headers: ["X-Starfighter-Authorization": "k"], body: Array("{}".utf8))
            .encode(into: &bytes, host: "127.0.0.1:8000")
        #expect(String(decoding: bytes, as: UTF8.self)
            == "POST /o HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nX-Starfighter-Authorization: k\r\nContent-Length: 2\r\n\r\n{}")
    }

    @Test func addressParsesHostAndPort() {
        #expect(HTTPAddress(parsing: "127.0.0.1:8080") == HTTPAddress(host: "127.0.0.1", port: 8080))
        #expect(HTTPAddress(parsing: "[::1]:0") == HTTPAddress(host: "::1", port: 0))
        #expect(HTTPAddress(parsing: "localhost") == nil)
        #expect(HTTPAddress(parsing: ":80") == nil)
        #expect(HTTPAddress(parsing: "h:70000") == nil)
        #expect(HTTPAddress(host: "::1", port: 5).description == "[::1]:5")
    }
}
