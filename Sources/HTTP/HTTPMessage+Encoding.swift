import Wire

extension HTTPResponse {
    /// Appends this response as HTTP/1.1 bytes, with `Content-Length` set to the body's size and
    /// `Connection: close` when `keepAlive` is false (`Connection: keep-alive` when it is true and
    /// the request was HTTP/1.0). Any `Content-Length`, `Transfer-Encoding` or `Connection` field
    /// in `headers` is replaced. With `omitBody` (a HEAD request) the body is not written.
    public func encode(into buffer: inout [UInt8], keepAlive: Bool, requestMinorVersion: Int = 1, omitBody: Bool = false) {
        appendStatusAndFields(to: &buffer)
        buffer.append(contentsOf: "Content-Length: ".utf8)
        buffer.appendDecimal(body.count)
        buffer.append(contentsOf: "\r\n".utf8)
        if !keepAlive {
            buffer.append(contentsOf: "Connection: close\r\n".utf8)
        } else if requestMinorVersion == 0 {
            buffer.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        buffer.append(contentsOf: "\r\n".utf8)
        if !omitBody { buffer.append(contentsOf: body) }
    }

    /// The status line and the fields other than the framing ones.
    private func appendStatusAndFields(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: "HTTP/1.1 ".utf8)
        buffer.appendDecimal(status)
        buffer.append(HTTPSyntax.space)
        buffer.append(contentsOf: reason.utf8)
        buffer.append(contentsOf: "\r\n".utf8)
        appendFields(headers, dropConnection: true, to: &buffer)
    }

    /// Appends the head of a WebSocket upgrade's 101: no `Content-Length`, `Connection: Upgrade`.
    func encodeUpgradeHead(into buffer: inout [UInt8]) {
        appendStatusAndFields(to: &buffer)
        buffer.append(contentsOf: "Connection: Upgrade\r\n\r\n".utf8)
    }

    /// Appends the head of a held response: no `Content-Length`, and `Connection: close`, since
    /// the body ends when the connection closes.
    func encodeStreamHead(into buffer: inout [UInt8]) {
        appendStatusAndFields(to: &buffer)
        buffer.append(contentsOf: "Connection: close\r\n\r\n".utf8)
    }
}

extension HTTPRequest {
    /// Appends this request as bytes: `Host` is added from `host` when absent, `Content-Length`
    /// is set to the body's size (always for POST, PUT and PATCH, otherwise when there is a body),
    /// and any `Transfer-Encoding` field is dropped. Other fields are written as they are.
    public func encode(into buffer: inout [UInt8], host: String) {
        buffer.append(contentsOf: method.utf8)
        buffer.append(HTTPSyntax.space)
        buffer.append(contentsOf: target.utf8)
        buffer.append(contentsOf: (minorVersion == 0 ? " HTTP/1.0\r\n" : " HTTP/1.1\r\n").utf8)
        if !headers.contains("Host") {
            buffer.append(contentsOf: "Host: ".utf8)
            buffer.append(contentsOf: host.utf8)
            buffer.append(contentsOf: "\r\n".utf8)
        }
        appendFields(headers, dropConnection: false, to: &buffer)
        if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
            buffer.append(contentsOf: "Content-Length: ".utf8)
            buffer.appendDecimal(body.count)
            buffer.append(contentsOf: "\r\n".utf8)
        }
        buffer.append(contentsOf: "\r\n".utf8)
        buffer.append(contentsOf: body)
    }
}

/// Writes every field except the framing ones the encoder sets itself.
private func appendFields(_ headers: HTTPHeaders, dropConnection: Bool, to buffer: inout [UInt8]) {
    for field in headers {
        if HTTPHeaders.namesEqual(field.name, "Content-Length") || HTTPHeaders.namesEqual(field.name, "Transfer-Encoding")
            || (dropConnection && HTTPHeaders.namesEqual(field.name, "Connection"))
        {
            continue
        }
        buffer.append(contentsOf: field.name.utf8)
        buffer.append(contentsOf: ": ".utf8)
        buffer.append(contentsOf: field.value.utf8)
        buffer.append(contentsOf: "\r\n".utf8)
    }
}
