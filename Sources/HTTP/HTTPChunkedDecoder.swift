/// Decodes a `Transfer-Encoding: chunked` body (RFC 9112 section 7.1) as its bytes arrive: each
/// call takes the bytes that arrived since the last one, so every byte is looked at once however
/// the body is split. Extensions and trailer fields are checked and dropped.
///
/// One budget, the body limit, bounds what the decoder holds and reads: the decoded data plus the
/// bytes of every chunk extension and of the trailer section. Framing must end its lines with
/// CR LF; a bare LF is refused, as RFC 9112 section 2.2 allows.
struct HTTPChunkedDecoder: Sendable {
    enum Outcome: Equatable {
        /// Every byte given was taken in; more are needed.
        case incomplete
        /// The body ended just before `end` (trailers included); `body` holds it.
        case complete(end: Int)
        /// The framing is malformed (what is wrong).
        case invalid(String)
        /// The data, extensions and trailers together pass the body limit.
        case tooLarge(Excess)
    }

    /// What pushed a chunked body past its limits.
    enum Excess: Equatable {
        /// The decoded data.
        case data
        /// The chunk extensions.
        case extensions
        /// The trailer section: its bytes, its number of fields, or one line's length.
        case trailers
    }

    /// The longest chunk-size line (extensions included) or trailer line accepted.
    static let maxLineBytes = 4096
    /// The most trailer fields accepted.
    static let maxTrailerFields = 64
    /// The most hexadecimal digits in a chunk size (leading zeros included).
    private static let maxSizeDigits = 15

    private enum State {
        case size, sizeExtension, sizeLF, data, dataCR, dataLF
        case trailerStart, trailerName, trailerValue, trailerLF, finalLF, done
    }

    /// The data decoded so far; the whole body after `.complete`.
    private(set) var body: [UInt8] = []
    /// The most data, extension and trailer bytes together.
    let limit: Int
    private var state = State.size
    private var chunkSize = 0
    private var sizeDigits = 0
    /// Bytes of the current chunk-size or trailer line so far.
    private var lineBytes = 0
    /// Whether the current chunk-size line has reached its `;` (extensions start there).
    private var extensionStarted = false
    /// Extension and trailer bytes so far.
    private var metadataBytes = 0
    private var trailerFields = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Hands over the decoded body, leaving the decoder empty.
    mutating func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }

    /// Takes in `bytes[start...]`: all of them (`.incomplete`), or up to the body's end.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Outcome {
        var index = start
        while index < bytes.count {
            if case .data = state {
                let count = min(chunkSize, bytes.count - index)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + count]))
                chunkSize -= count
                index += count
                if chunkSize == 0 { state = .dataCR }
                continue
            }
            if let failure = step(bytes[index]) { return failure }
            index += 1
            if case .done = state { return .complete(end: index) }
        }
        return .incomplete
    }

    /// Advances over one framing byte; an outcome when it ends the decoding in failure.
    private mutating func step(_ byte: UInt8) -> Outcome? {
        switch state {
        case .size:
            if let value = Self.hexValue(byte) {
                sizeDigits += 1
                guard sizeDigits <= Self.maxSizeDigits else { return .invalid("invalid chunk size") }
                chunkSize = chunkSize * 16 + value
                lineBytes += 1
                return nil
            }
            guard sizeDigits > 0 else { return .invalid("invalid chunk size") }
            if byte == HTTPSyntax.cr {
                state = .sizeLF
                return nil
            }
            guard byte == HTTPSyntax.space || byte == HTTPSyntax.tab || byte == UInt8(ascii: ";") else {
                return byte == HTTPSyntax.lf ? .invalid("bare LF in chunk framing") : .invalid("invalid chunk size")
            }
            state = .sizeExtension
            return extensionByte(byte)
        case .sizeExtension:
            if byte == HTTPSyntax.cr {
                state = .sizeLF
                return nil
            }
            return extensionByte(byte)
        case .sizeLF:
            guard byte == HTTPSyntax.lf else { return .invalid("CR without LF in chunk framing") }
            guard chunkSize <= limit - body.count - metadataBytes else { return .tooLarge(.data) }
            state = chunkSize == 0 ? .trailerStart : .data
            sizeDigits = 0
            lineBytes = 0
            extensionStarted = false
        case .data:
            preconditionFailure("chunk data is copied in bulk")
        case .dataCR:
            guard byte == HTTPSyntax.cr else { return .invalid("chunk data not followed by CRLF") }
            state = .dataLF
        case .dataLF:
            guard byte == HTTPSyntax.lf else { return .invalid("chunk data not followed by CRLF") }
            state = .size
        case .trailerStart:
            if byte == HTTPSyntax.cr {
                state = .finalLF
                return nil
            }
            if byte == HTTPSyntax.space || byte == HTTPSyntax.tab { return .invalid("obsolete line folding in trailer") }
            guard HTTPSyntax.isTokenByte(byte) else {
                return byte == HTTPSyntax.lf ? .invalid("bare LF in chunk framing") : .invalid("invalid trailer field name")
            }
            trailerFields += 1
            guard trailerFields <= Self.maxTrailerFields else { return .tooLarge(.trailers) }
            state = .trailerName
            return trailerByte()
        case .trailerName:
            if byte == HTTPSyntax.colon {
                state = .trailerValue
            } else if !HTTPSyntax.isTokenByte(byte) {
                return .invalid("invalid trailer field name")
            }
            return trailerByte()
        case .trailerValue:
            if byte == HTTPSyntax.cr {
                state = .trailerLF
            } else if (byte < HTTPSyntax.space && byte != HTTPSyntax.tab) || byte == 0x7F {
                return byte == HTTPSyntax.lf ? .invalid("bare LF in chunk framing") : .invalid("control character in a trailer field")
            }
            return trailerByte()
        case .trailerLF:
            guard byte == HTTPSyntax.lf else { return .invalid("CR without LF in chunk framing") }
            state = .trailerStart
            let outcome = trailerByte()
            lineBytes = 0
            return outcome
        case .finalLF:
            guard byte == HTTPSyntax.lf else { return .invalid("CR without LF in chunk framing") }
            state = .done
        case .done:
            preconditionFailure("a complete chunked body takes no more bytes")
        }
        return nil
    }

    /// Counts and checks one byte after the chunk size: whitespace, then `;` and the extensions.
    private mutating func extensionByte(_ byte: UInt8) -> Outcome? {
        if byte == UInt8(ascii: ";") {
            extensionStarted = true
        } else if !extensionStarted && byte != HTTPSyntax.space && byte != HTTPSyntax.tab {
            return .invalid("invalid chunk size")
        } else if (byte < HTTPSyntax.space && byte != HTTPSyntax.tab) || byte == 0x7F {
            return byte == HTTPSyntax.lf ? .invalid("bare LF in chunk framing") : .invalid("control character in a chunk extension")
        }
        lineBytes += 1
        metadataBytes += 1
        guard lineBytes <= Self.maxLineBytes else { return .invalid("chunk size line too long") }
        guard metadataBytes <= limit - body.count else { return .tooLarge(.extensions) }
        return nil
    }

    /// Counts one byte of the trailer section against the line length and the body limit.
    private mutating func trailerByte() -> Outcome? {
        lineBytes += 1
        metadataBytes += 1
        guard lineBytes <= Self.maxLineBytes, metadataBytes <= limit - body.count else { return .tooLarge(.trailers) }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
