import Testing
import WebSocket

/// Frames a hostile or broken peer sends: each ends the connection with the right close code,
/// decided from the header where it can be, before any payload is held.
@Suite(.timeLimit(.minutes(10)))
struct WebSocketHostileFrameTests {
    func failure(_ bytes: [UInt8], role: WebSocketRole = .server, maxMessageSize: Int = 1024) -> WebSocketFailure? {
        var decoder = WebSocketDecoder(role: role, maxMessageSize: maxMessageSize)
        let decoded = decoder.decode(bytes)
        // A failed decoder takes nothing more.
        var after = Decoded()
        let again = [UInt8](repeating: 0x81, count: 4).withUnsafeBytes { decoder.feed($0) { after.events.append($0) } }
        #expect(after.events.isEmpty)
        #expect(again == decoded.failure)
        return decoded.failure
    }

    @Test func serverRefusesUnmaskedFrames() {
        #expect(failure([0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f])?.code == .protocolError)
    }

    @Test func clientRefusesMaskedFrames() {
        #expect(failure([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58], role: .client)?.code == .protocolError)
    }

    @Test func oversizedLengthIsRefusedWith1009FromTheHeader() {
        // The header claims 1 MiB; no payload follows, and none is awaited.
        let header: [UInt8] = [0x82, 0xFF, 0, 0, 0, 0, 0, 0x10, 0, 0, 1, 2, 3, 4]
        #expect(failure(header)?.code == .tooBig)
    }

    @Test func oversizedMessageAcrossFragmentsIsRefusedWith1009() {
        var bytes: [UInt8] = []
        WebSocketFrame.encode(.binary, payload: [UInt8](repeating: 1, count: 600), fin: false, mask: testMask, into: &bytes)
        WebSocketFrame.encode(.continuation, payload: [UInt8](repeating: 1, count: 600), mask: testMask, into: &bytes)
        #expect(failure(bytes)?.code == .tooBig)
    }

    @Test func lengthOf2To63IsAProtocolError() {
        let header: [UInt8] = [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        let result = failure(header, maxMessageSize: .max)
        #expect(result?.code == .protocolError)
        #expect(result?.reason.contains("2^63") == true)
    }

    @Test func reservedBitsAreAProtocolError() {
        for bit: UInt8 in [0x40, 0x20, 0x10] {
            #expect(failure(rawFrame(0x81 | bit, mask: testMask, payload: [0x41]))?.code == .protocolError)
        }
    }

    @Test func unknownOpcodesAreAProtocolError() {
        for opcode: UInt8 in [0x3, 0x7, 0xB, 0xF] {
            #expect(failure(rawFrame(0x80 | opcode, mask: testMask, payload: []))?.code == .protocolError)
        }
    }

    @Test func fragmentedControlFrameIsAProtocolError() {
        #expect(failure(rawFrame(0x09, mask: testMask, payload: [1]))?.code == .protocolError)
    }

    @Test func controlFrameOverLimitIsAProtocolError() {
        #expect(failure(rawFrame(0x89, mask: testMask, payload: [UInt8](repeating: 0, count: 126)))?.code == .protocolError)
    }

    @Test func continuationWithoutAStartIsAProtocolError() {
        #expect(failure(rawFrame(0x80, mask: testMask, payload: [0x41]))?.code == .protocolError)
    }

    @Test func newDataFrameInsideAFragmentedMessageIsAProtocolError() {
        var bytes: [UInt8] = []
        WebSocketFrame.encode(.text, payload: Array("Hel".utf8), fin: false, mask: testMask, into: &bytes)
        WebSocketFrame.encode(.text, payload: Array("lo".utf8), mask: testMask, into: &bytes)
        #expect(failure(bytes)?.code == .protocolError)
    }

    @Test func closeInTheMiddleOfAFragmentedMessageEndsIt() {
        var bytes: [UInt8] = []
        WebSocketFrame.encode(.text, payload: Array("Hel".utf8), fin: false, mask: testMask, into: &bytes)
        WebSocketFrame.encodeClose(.normal, reason: "", mask: testMask, into: &bytes)
        WebSocketFrame.encode(.continuation, payload: Array("lo".utf8), mask: testMask, into: &bytes)
        var decoder = WebSocketDecoder(role: .server, maxMessageSize: 1024)
        let decoded = decoder.decode(bytes)
        #expect(decoded.events == [.close(.normal, "")])
        #expect(decoded.failure == nil)
    }

    @Test func invalidUTF8TextIs1007() {
        var bytes: [UInt8] = []
        WebSocketFrame.encode(.text, payload: [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80], mask: testMask, into: &bytes)
        #expect(failure(bytes)?.code == .invalidData)
    }

    @Test func invalidCloseCodesAreAProtocolError() {
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000] {
            let payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
            #expect(failure(rawFrame(0x88, mask: testMask, payload: payload))?.code == .protocolError, "code \(code)")
        }
        #expect(failure(rawFrame(0x88, mask: testMask, payload: [0x03]))?.code == .protocolError)
        #expect(failure(rawFrame(0x88, mask: testMask, payload: [0x03, 0xE8, 0xFF]))?.code == .invalidData)
    }
}
