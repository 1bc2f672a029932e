import Glibc

/// A forward-only reader of JSON text in memory: the one byte-level JSON reader of the tree.
///
/// It reads in place, without building a tree: callers walk objects and arrays and take the
/// values they want, skipping the rest. Every read checks the syntax of what it consumes
/// (RFC 8259: no trailing commas, no leading zeros, no raw control characters in strings) and
/// throws `JSONReadError` naming the byte offset; it never traps and never reads past the
/// buffer. The hot paths (recordings, ledger lines, order books) are built on these
/// primitives, which are inlinable so that those loops compile as if written in place.
public struct JSONReader {
    /// How deep arrays and objects may nest, so that hostile input cannot exhaust the stack.
    public static let maxDepth = 64

    @usableFromInline let start: UnsafePointer<UInt8>
    @usableFromInline var position: UnsafePointer<UInt8>
    @usableFromInline let end: UnsafePointer<UInt8>
    @usableFromInline var depth = 0

    /// A reader at the start of `bytes`, which must outlive it.
    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer) {
        // An empty buffer may have no base address; any non-null pointer does, as it is never read.
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
        start = base
        position = base
        end = base + bytes.count
    }

    /// The read position as a byte offset from the start of the input.
    @inlinable public var offset: Int { position - start }

    /// The bytes from `offset` (an earlier `offset` of this reader) to the read position.
    @inlinable public func bytes(from offset: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: start + offset, count: position - start - offset)
    }

    /// Moves past `prefix` when the bytes at the read position start with it (not skipping
    /// whitespace first); whether they did. An empty `prefix` is never consumed.
    @inlinable
    public mutating func consume(prefix: UnsafeRawBufferPointer) -> Bool {
        guard prefix.count > 0, end - position >= prefix.count, memcmp(position, prefix.baseAddress!, prefix.count) == 0 else {
            return false
        }
        position += prefix.count
        return true
    }

    /// How many bytes at the read position are the same as the first bytes of `bytes`
    /// (nothing consumed): eight compared at a time.
    @inlinable @inline(__always)
    public func matchingPrefixCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        let limit = min(bytes.count, end - position)
        guard limit > 0 else { return 0 }
        let other = bytes.baseAddress!
        let here = UnsafeRawPointer(position)
        var count = 0
        while limit - count >= 8 {
            let difference = here.loadUnaligned(fromByteOffset: count, as: UInt64.self)
                ^ other.loadUnaligned(fromByteOffset: count, as: UInt64.self)
            // Little-endian: the first byte that differs is the lowest set byte.
            if difference != 0 { return count + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
            count += 8
        }
        while count < limit, here.load(fromByteOffset: count, as: UInt8.self) == other.load(fromByteOffset: count, as: UInt8.self) {
            count += 1
        }
        return count
    }

    /// Moves the read position `count` bytes on without reading them: for a caller in this
    /// package that has already checked them (as `matchingPrefixCount` found them the same as
    /// text read before, whole values and all). It skips every check of the syntax, so it is
    /// not part of the public API.
    @inlinable
    package mutating func advance(by count: Int) {
        precondition(count >= 0 && count <= end - position, "advanced past the end of the input")
        position += count
    }

    /// Whether every byte has been consumed.
    @inlinable public var isAtEnd: Bool { position == end }

    /// The byte at the read position, whitespace included, or 0 at the end (0 never starts a
    /// JSON token).
    @inlinable public var current: UInt8 { position < end ? position.pointee : 0 }

    /// The next byte after whitespace, not consumed; 0 at the end.
    @inlinable @inline(__always)
    public mutating func peek() -> UInt8 {
        skipWhitespace()
        return current
    }

    /// Moves past spaces, tabs, carriage returns and newlines.
    @inlinable @inline(__always)
    public mutating func skipWhitespace() {
        while position < end {
            let byte = position.pointee
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// Consumes `byte` after whitespace, or throws `expected` naming it.
    @inlinable @inline(__always)
    public mutating func expect(_ byte: UInt8) throws(JSONReadError) {
        if position < end, position.pointee == byte {
            position += 1
            return
        }
        guard peek() == byte else { throw .expected("'\(Character(Unicode.Scalar(byte)))'", offset: offset) }
        position += 1
    }

    /// Consumes `byte` after whitespace if it is next; whether it was.
    @inlinable @inline(__always)
    public mutating func consume(_ byte: UInt8) -> Bool {
        if position < end, position.pointee == byte {
            position += 1
            return true
        }
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `text` if the input continues with exactly those bytes (no whitespace skipped);
    /// whether it did. For fast paths that expect a writer's own canonical layout. Eight bytes
    /// are compared at a time when there are eight, the last eight overlapping the ones before.
    @inlinable @inline(__always)
    public mutating func consume(exactly text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard end - position >= count else { return false }
        let other = text.utf8Start
        if count >= 8 {
            let (here, there) = (UnsafeRawPointer(position), UnsafeRawPointer(other))
            func same(at offset: Int) -> Bool {
                here.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == there.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            }
            var offset = 0
            while offset + 8 < count {
                guard same(at: offset) else { return false }
                offset += 8
            }
            guard same(at: count - 8) else { return false }
        } else {
            for index in 0..<count where position[index] != other[index] { return false }
        }
        position += count
        return true
    }

    /// Consumes the literal `word` (`null`, `true`, `false`) after whitespace.
    @inlinable
    public mutating func literal(_ word: StaticString) throws(JSONReadError) {
        skipWhitespace()
        guard consume(exactly: word) else { throw .expected("\(word)", offset: offset) }
    }

    /// Checks that nothing but whitespace follows.
    @inlinable
    public mutating func expectEnd() throws(JSONReadError) {
        skipWhitespace()
        guard isAtEnd else { throw .expected("end of document", offset: offset) }
    }

    /// Reads a whole body with `read`, checking that nothing but whitespace follows.
    public static func document<T>(_ body: UnsafeRawBufferPointer, _ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        var reader = JSONReader(body)
        let value = try read(&reader)
        try reader.expectEnd()
        return value
    }

    /// Counts one more level of nesting, refusing more than `maxDepth`.
    @inlinable
    public mutating func enter() throws(JSONReadError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw .nestedTooDeeply(offset: offset) }
    }

    /// Counts one level of nesting less.
    @inlinable
    public mutating func leave() { depth -= 1 }
}
