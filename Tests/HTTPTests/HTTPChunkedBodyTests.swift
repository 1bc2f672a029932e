@testable import HTTP
import Testing

/// Chunked bodies of requests and responses: the limits on their data, extensions and trailers,
/// strict framing, and decoding as bytes arrive.
@Suite(.timeLimit(.minutes(10))) struct HTTPChunkedBodyTests {
    private static let head = "POST /o HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"

    private func decode(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestDecoder.Result {
        var decoder = HTTPRequestDecoder(limits: limits)
        return decoder.decode(Array(text.utf8))
    }

    private func status(_ text: String) -> Int? {
        if case let .invalid(status, _) = decode(text) { return status }
        return nil
    }

    /// `count` chunks of one byte each, `extension` after every size.
    private static func smallChunks(_ count: Int, extension: String = "") -> String {
        String(repeating: "1\(`extension`)\r\nx\r\n", count: count)
    }

    @Test func manySmallChunksDecodeUpToTheLimitAndNotPastIt() {
        guard case let .request(request, _) = decode(Self.head + Self.smallChunks(65_536) + "0\r\n\r\n") else {
            Issue.record("65,536 one-byte chunks not decoded")
            return
        }
        #expect(request.body == [UInt8](repeating: UInt8(ascii: "x"), count: 65_536))
        #expect(status(Self.head + Self.smallChunks(65_537) + "0\r\n\r\n") == 413)
    }

    @Test func chunkExtensionsCountAgainstTheBodyLimit() {
        let padding = ";e=" + String(repeating: "a", count: 1000)
        // 70 extensions of 1,003 bytes: 70 KB of framing around a 70-byte body.
        #expect(status(Self.head + Self.smallChunks(70, extension: padding) + "0\r\n\r\n") == 413)
        guard case let .request(request, _) = decode(Self.head + Self.smallChunks(60, extension: padding) + "0\r\n\r\n") else {
            Issue.record("60 KB of extensions refused")
            return
        }
        #expect(request.body.count == 60)
    }

    @Test func trailersPastTheirLimitsAre431() {
        let manyFields = (0..<100).map { "T\($0): v\r\n" }.joined()
        #expect(status(Self.head + "1\r\nx\r\n0\r\n" + manyFields + "\r\n") == 431)
        let line = "T: " + String(repeating: "v", count: 1000) + "\r\n"
        #expect(status(Self.head + "1\r\nx\r\n0\r\n" + String(repeating: line, count: 70) + "\r\n") == 431)
        #expect(status(Self.head + "1\r\nx\r\n0\r\nT: " + String(repeating: "v", count: 5000) + "\r\n\r\n") == 431)
        guard case let .request(request, _) = decode(Self.head + "1\r\nx\r\n0\r\n" + String(repeating: line, count: 10) + "\r\n") else {
            Issue.record("ten trailer fields refused")
            return
        }
        #expect(request.bodyText == "x")
    }

    @Test func oversizedChunkedBodyIsRefusedAfterAboutTheLimitArrived() {
        // Extensions carry almost all of the bytes, so only their count stops the request.
        let piece = Array(("1;" + String(repeating: "e", count: 1021) + "\r\nx\r\n").utf8)
        var decoder = HTTPRequestDecoder()
        var buffer = Array(Self.head.utf8)
        var refusal: (status: Int, received: Int)?
        for _ in 0..<2048 where refusal == nil {
            buffer += piece
            if case let .invalid(status, _) = decoder.decode(buffer) { refusal = (status, buffer.count) }
        }
        #expect(refusal?.status == 413)
        #expect((refusal?.received ?? Int.max) <= 64 * 1024 + 2 * piece.count + Self.head.utf8.count)
    }

    @Test func bareLineFeedsInChunkFramingAre400() {
        #expect(status(Self.head + "5\nhello\r\n0\r\n\r\n") == 400)
        #expect(status(Self.head + "5\r\nhello\n0\r\n\r\n") == 400)
        #expect(status(Self.head + "5\r\nhello\r\n0\n\r\n") == 400)
        #expect(status(Self.head + "5\r\nhello\r\n0\r\n\n") == 400)
        #expect(status(Self.head + "5\r\nhello\r\n0\r\nT: v\n\r\n") == 400)
        #expect(status(Self.head + "5;a=b\nhello\r\n0\r\n\r\n") == 400)
    }

    @Test func chunkedRequestArrivingByteByByteDecodes() {
        let text = Array((Self.head + "5;x=y\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nT: v\r\n\r\n").utf8)
        let (early, last) = HTTPRequestDecoder.decodingOneByteAtATime(text)
        #expect(early.allSatisfy { $0 == .needMoreBytes })
        guard case let .request(request, consumed) = last else {
            Issue.record("last byte did not complete the request: \(last)")
            return
        }
        #expect(request.bodyText == "hello 0123456789")
        #expect(consumed == text.count)
    }

    @Test func chunkedResponseArrivingByteByByteDecodes() {
        let text = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x\r\nabc\r\n2\r\nde\r\n0\r\n\r\n".utf8)
        var decoder = HTTPResponseDecoder()
        var buffer: [UInt8] = []
        for (index, byte) in text.enumerated() {
            buffer.append(byte)
            let result = decoder.decode(buffer, requestMethod: "GET", endOfStream: false)
            if index < text.count - 1 {
                #expect(result == .needMoreBytes, "byte \(index)")
            } else if case let .response(response, consumed, _) = result {
                #expect(response.body == Array("abcde".utf8))
                #expect(consumed == text.count)
            } else {
                Issue.record("last byte did not complete the response: \(result)")
            }
        }
    }

    @Test func responseChunksObeyTheClientsOwnLimit() {
        var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxHeadBytes: 1024, maxBodyBytes: 100))
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let extensions = String(repeating: "1;" + String(repeating: "e", count: 30) + "\r\nx\r\n", count: 4)
        #expect(decoder.decode(Array((head + extensions).utf8), requestMethod: "GET", endOfStream: false) == .tooLarge(limit: 100))
        #expect(decoder.decode(Array((head + "1\r\nx\r\n0\r\nT: v\n\r\n").utf8), requestMethod: "GET", endOfStream: false)
            == .invalid("bare LF in chunk framing"))
    }

    @Test func decodedChunksAreReleasedSoEachByteIsReadOnce() {
        // 8,000 one-byte chunks fed one byte at a time, the caller dropping what the decoder
        // releases: once the head is in, the caller never holds more than the byte just
        // received, so no call reads a byte twice and the work is linear in the body's size.
        let text = Array((Self.head + Self.smallChunks(8000, extension: ";k=v") + "0\r\nT: v\r\n\r\n").utf8)
        var decoder = HTTPRequestDecoder()
        var buffer: [UInt8] = []
        var heldAfterHead = 0
        var headDone = false
        var body: [UInt8]?
        for byte in text {
            buffer.append(byte)
            if headDone { heldAfterHead = max(heldAfterHead, buffer.count) }
            switch decoder.decode(buffer) {
            case .needMoreBytes:
                let released = decoder.releaseDecoded()
                headDone = headDone || released > 0
                buffer.removeFirst(released)
            case let .request(request, _): body = request.body
            case let .invalid(status, reason): Issue.record("refused: \(status) \(reason)")
            }
        }
        #expect(body?.count == 8000)
        #expect(heldAfterHead == 1)
    }

    @Test func responseDecoderReleasesDecodedChunksToo() {
        let text = Array(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + Self.smallChunks(5000) + "0\r\n\r\n").utf8)
        var decoder = HTTPResponseDecoder()
        var buffer: [UInt8] = []
        var held = 0
        var body: [UInt8]?
        for byte in text {
            buffer.append(byte)
            switch decoder.decode(buffer, requestMethod: "GET", endOfStream: false) {
            case .needMoreBytes:
                buffer.removeFirst(decoder.releaseDecoded())
                held = max(held, buffer.count)
            case let .response(response, _, _): body = response.body
            default: Issue.record("refused")
            }
        }
        #expect(body?.count == 5000)
        // Only the head waits for its end; chunks never do.
        #expect(held < 60)
    }
}
