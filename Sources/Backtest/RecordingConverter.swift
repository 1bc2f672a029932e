/// Converts a recording between its two forms, record by record.
///
/// Converting a file the writer produced to the other form and back gives the same bytes.
public enum RecordingConverter {
    /// Reads `source` (either form) and writes every record to `destination` in `format`.
    /// Returns what the reader tolerated (an incomplete final record is left out).
    @discardableResult
    public static func convert(
        _ source: String, to destination: String, format: RecordingFormat
    ) throws(BacktestError) -> [RecordingWarning] {
        let reader = try RecordingFormat.open(path: source)
        let writer = try RecordingWriter(path: destination, header: reader.header, format: format)
        while let event = try reader.next() { try writer.append(event) }
        try writer.close()
        return reader.warnings
    }
}
