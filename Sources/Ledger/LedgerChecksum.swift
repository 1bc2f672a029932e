/// The checksum that chains ledger lines: 64-bit FNV-1a over a line's body, written as sixteen
/// lowercase hexadecimal digits.
///
/// A line's body contains the previous line's checksum (`"prev"`), so each checksum covers the
/// whole ledger up to its line. Changing any single byte of a body always changes its checksum:
/// each FNV-1a step is a bijection of the running state.
public struct LedgerChecksum: Hashable, Sendable, CustomStringConvertible {
    /// The 64-bit value.
    public var value: UInt64

    /// A checksum of `value`.
    @inlinable
    public init(_ value: UInt64) { self.value = value }

    /// The `prev` of the first line: all zeros.
    public static let origin = LedgerChecksum(0)

    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The FNV-1a 64 checksum of `bytes`.
    public init(of bytes: UnsafeRawBufferPointer) {
        var hash = LedgerChecksum.offsetBasis
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* LedgerChecksum.prime
        }
        value = hash
    }

    /// The checksums of `first` and `second`, computed together: FNV-1a is one long chain of
    /// dependent multiplications, and two independent chains run in about the time of one.
    static func pair(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        var a = offsetBasis
        var b = offsetBasis
        let common = min(first.count, second.count)
        for index in 0..<common {
            a = (a ^ UInt64(first[index])) &* prime
            b = (b ^ UInt64(second[index])) &* prime
        }
        for byte in first[common...] { a = (a ^ UInt64(byte)) &* prime }
        for byte in second[common...] { b = (b ^ UInt64(byte)) &* prime }
        return (a, b)
    }

    /// The FNV-1a 64 checksum of `bytes`.
    public init(of bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { LedgerChecksum(of: $0) }
    }

    /// Sixteen lowercase hexadecimal digits.
    public var description: String {
        var bytes = [UInt8]()
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the sixteen lowercase hexadecimal digits to `bytes`.
    public func appendHex(to bytes: inout [UInt8]) {
        var shift = 60
        while shift >= 0 {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0x0f
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            shift -= 4
        }
    }

    /// Parses exactly sixteen lowercase hexadecimal digits; nil for anything else.
    init?(hex bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 16 else { return nil }
        var result: UInt64 = 0
        var bad: UInt8 = 0
        for byte in bytes {
            // Branch-free: digits map to 0...9, a...f to 10...15, anything else sets `bad`.
            let digit = byte &- UInt8(ascii: "0")
            let letter = byte &- UInt8(ascii: "a")
            let isDigit = digit < 10
            let isLetter = letter < 6
            bad |= isDigit || isLetter ? 0 : 1
            result = result << 4 | UInt64(isDigit ? digit : letter &+ 10) & 0x0f
        }
        guard bad == 0 else { return nil }
        value = result
    }
}
