import COpenSSL

/// The opening handshake's rules (RFC 6455, 4): the client's key, the server's accept value, and
/// what an upgrade request must hold. No extension is negotiated: a `permessage-deflate` offer is
/// ignored (the answer names no extension, so the client sends no compressed frame).
public enum WebSocketHandshake {
    /// The GUID the accept value is derived with.
    public static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The only protocol version spoken.
    public static let version = "13"

    /// A new `Sec-WebSocket-Key`: 16 random bytes in base64.
    public static func makeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return base64(bytes)
    }

    /// The `Sec-WebSocket-Accept` value for `key`: base64 of the SHA-1 of the key and the GUID.
    public static func accept(forKey key: String) -> String {
        let input = Array((key + guid).utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        let done = input.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_sha1(), nil) }
        precondition(done == 1 && length == 20, "SHA-1 from OpenSSL failed")
        return base64(digest)
    }

    /// Whether `key` is a valid `Sec-WebSocket-Key`: base64 of 16 bytes (24 characters, `==` last).
    public static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        }
    }

    /// Checks an upgrade request: GET over HTTP/1.1 or later, `Upgrade: websocket`, a
    /// `Connection` field with the `Upgrade` token, version 13 and a valid key. Returns the key,
    /// or the refusal to answer with: 426 (with `Sec-WebSocket-Version: 13`) for another
    /// version, 400 for anything else. `field` looks a header field up by name, ignoring case.
    public static func checkUpgrade(method: String, minorVersion: Int, field: (String) -> String?) -> Result<String, WebSocketUpgradeRefusal> {
        guard method == "GET" else { return .failure(WebSocketUpgradeRefusal(status: 400, reason: "a WebSocket upgrade is a GET")) }
        guard minorVersion >= 1 else { return .failure(WebSocketUpgradeRefusal(status: 400, reason: "a WebSocket upgrade needs HTTP/1.1")) }
        guard let upgrade = field("Upgrade"), hasToken(upgrade, "websocket") else {
            return .failure(WebSocketUpgradeRefusal(status: 400, reason: "no Upgrade: websocket"))
        }
        guard let connection = field("Connection"), hasToken(connection, "upgrade") else {
            return .failure(WebSocketUpgradeRefusal(status: 400, reason: "no Upgrade token in Connection"))
        }
        guard field("Sec-WebSocket-Version")?.trimmingSpaces == version else {
            return .failure(WebSocketUpgradeRefusal(status: 426, reason: "only WebSocket version 13 is spoken"))
        }
        guard let key = field("Sec-WebSocket-Key")?.trimmingSpaces, isValidKey(key) else {
            return .failure(WebSocketUpgradeRefusal(status: 400, reason: "no valid Sec-WebSocket-Key"))
        }
        return .success(key)
    }

    /// Whether the comma-separated `list` holds `token`, ignoring case.
    public static func hasToken(_ list: String, _ token: String) -> Bool {
        list.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == token.lowercased() }
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var output = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
        let written = EVP_EncodeBlock(&output, bytes, Int32(bytes.count))
        return String(decoding: output[..<Int(written)], as: UTF8.self)
    }
}

/// Why an upgrade request is refused: the HTTP status to answer with (400 or 426) and why.
public struct WebSocketUpgradeRefusal: Error, Equatable, Sendable {
    public let status: Int
    public let reason: String
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
