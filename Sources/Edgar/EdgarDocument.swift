import Wire

/// Reading a whole response body.
enum EdgarDocument {
    /// Reads `body` with `read`, checking that nothing but whitespace follows.
    static func read<T>(_ body: UnsafeRawBufferPointer, _ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        var reader = JSONReader(body)
        let value = try read(&reader)
        try reader.expectEnd()
        return value
    }
}
