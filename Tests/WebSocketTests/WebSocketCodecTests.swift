import Testing
import WebSocket

/// The examples of RFC 6455 (5.7 and 1.3), and messages through the encoder and decoder.
@Suite(.timeLimit(.minutes(10)))
struct WebSocketCodecTests {
    @Test func singleUnmaskedTextFrameIsHello() {
        var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1024)
        let decoded = decoder.decode([0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
        #expect(decoded.events == [.message(.text("Hello"))])
        #expect(decoded.failure == nil)
        var encoded: [UInt8] = []
        WebSocketFrame.encode(text: "Hello", mask: nil, into: &encoded)
        #expect(encoded == [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])
    }

    @Test func singleMaskedTextFrameIsHello() {
        let bytes: [UInt8] = [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
        var encoded: [UInt8] = []
        WebSocketFrame.encode(text: "Hello", mask: testMask, into: &encoded)
        #expect(encoded == bytes)
        for piece in [1, 3, 100] {
            var decoder = WebSocketDecoder(role: .server, maxMessageSize: 1024)
            #expect(decoder.decode(bytes, piece: piece).events == [.message(.text("Hello"))])
        }
    }

    @Test func fragmentedUnmaskedTextIsOneMessage() {
        var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1024)
        let decoded = decoder.decode([0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f])
        #expect(decoded.events == [.message(.text("Hello"))])
    }

    @Test func pingAndPongCarryTheirPayloads() {
        var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1024)
        #expect(decoder.decode([0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]).events == [.ping(Array("Hello".utf8))])
        var server = WebSocketDecoder(role: .server, maxMessageSize: 1024)
        let pong: [UInt8] = [0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
        #expect(server.decode(pong).events == [.pong(Array("Hello".utf8))])
    }

    @Test func lengthsOf256BytesAnd64KiBUseTheExtendedFields() {
        var short: [UInt8] = []
        WebSocketFrame.encode(.binary, payload: [UInt8](repeating: 7, count: 256), mask: nil, into: &short)
        #expect(Array(short.prefix(4)) == [0x82, 0x7E, 0x01, 0x00])
        var long: [UInt8] = []
        WebSocketFrame.encode(.binary, payload: [UInt8](repeating: 7, count: 65536), mask: nil, into: &long)
        #expect(Array(long.prefix(10)) == [0x82, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1 << 20)
        #expect(decoder.decode(short + long, piece: 1000).events == [
            .message(.binary([UInt8](repeating: 7, count: 256))), .message(.binary([UInt8](repeating: 7, count: 65536))),
        ])
    }

    @Test func handshakeAcceptOfTheRFCsKey() {
        #expect(WebSocketHandshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let key = WebSocketHandshake.makeKey()
        #expect(WebSocketHandshake.isValidKey(key))
        #expect(key != WebSocketHandshake.makeKey())
    }

    @Test func upgradeRequestsAreCheckedFieldByField() {
        func check(method: String = "GET", minor: Int = 1, _ fields: [String: String]) -> Result<String, WebSocketUpgradeRefusal> {
            WebSocketHandshake.checkUpgrade(method: method, minorVersion: minor) { name in
                fields.first { $0.key.lowercased() == name.lowercased() }?.value
            }
        }
        let good = [
            "Upgrade": "websocket", "Connection": "keep-alive, Upgrade", "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Extensions": "permessage-deflate",
        ]
        #expect(check(good) == .success("dGhlIHNhbXBsZSBub25jZQ=="))
        #expect((try? check(method: "POST", good).get()) == nil)
        #expect((try? check(minor: 0, good).get()) == nil)
        var noUpgrade = good
        noUpgrade["Connection"] = "keep-alive"
        #expect((try? check(noUpgrade).get()) == nil)
        var oldVersion = good
        oldVersion["Sec-WebSocket-Version"] = "8"
        if case .failure(let refusal) = check(oldVersion) { #expect(refusal.status == 426) } else { Issue.record("version 8 accepted") }
        var shortKey = good
        shortKey["Sec-WebSocket-Key"] = "c2hvcnQ="
        if case .failure(let refusal) = check(shortKey) { #expect(refusal.status == 400) } else { Issue.record("short key accepted") }
    }

    @Test func maskingAtAnyOffsetMatchesBytewiseMasking() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 7, 8, 9, 31, 32, 33, 100, 1000] {
            let payload = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for offset in 0..<4 {
                var masked = payload
                masked.withUnsafeMutableBytes { testMask.apply(to: $0, offset: offset) }
                let expected = payload.enumerated().map { index, byte in
                    byte ^ [0x37, 0xfa, 0x21, 0x3d][(index + offset) % 4]
                }
                #expect(masked == expected)
            }
        }
    }

    @Test func controlFramesBetweenFragmentsAreAllowed() {
        var bytes: [UInt8] = []
        WebSocketFrame.encode(.text, payload: Array("Hel".utf8), fin: false, mask: testMask, into: &bytes)
        WebSocketFrame.encode(.ping, payload: [1, 2], mask: testMask, into: &bytes)
        WebSocketFrame.encode(.continuation, payload: Array("lo".utf8), mask: testMask, into: &bytes)
        var decoder = WebSocketDecoder(role: .server, maxMessageSize: 1024)
        let decoded = decoder.decode(bytes, piece: 2)
        #expect(decoded.events == [.ping([1, 2]), .message(.text("Hello"))])
        #expect(decoded.failure == nil)
    }

    @Test func closeFramesGiveTheirCodeAndReason() {
        var bytes: [UInt8] = []
        WebSocketFrame.encodeClose(.goingAway, reason: "bye", mask: nil, into: &bytes)
        var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1024)
        #expect(decoder.decode(bytes + [0x81, 0x00]).events == [.close(.goingAway, "bye")])
        #expect(decoder.receivedClose)
        var empty = WebSocketDecoder(role: .client, maxMessageSize: 1024)
        #expect(empty.decode([0x88, 0x00]).events == [.close(nil, "")])
    }

    @Test func closeReasonIsCutToFitAControlFrame() {
        var bytes: [UInt8] = []
        WebSocketFrame.encodeClose(.normal, reason: String(repeating: "é", count: 100), mask: nil, into: &bytes)
        #expect(bytes[1] <= 125)
        var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1024)
        #expect(decoder.decode(bytes).events == [.close(.normal, String(repeating: "é", count: 61))])
    }
}
