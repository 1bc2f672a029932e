/// Converts a recording between its forms, record by record.
///
/// Converting a file the writer produced to another form and back gives the same bytes (the
/// compact form's header says version 4 where the others say 2). An older file comes out as
/// the current version: a version-3 or version-4 compact file as version 5, its records closed by CRC-32.
public enum RecordingConverter {
    /// Reads `source` (any form) and writes every record to `destination` in `format`.
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
