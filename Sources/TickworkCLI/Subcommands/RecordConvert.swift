import CommandLineKit
import Recording

/// `tickwork record convert`: a recording from one form to the other.
enum RecordConvert {
    static let command = Command(
        name: "convert",
        summary: "Convert a recording between JSON Lines, binary and compact.",
        discussion: """
            Reads IN in any form and writes every record to OUT in the form its name asks \
            for: .jsonl for JSON Lines, .twrb for binary (every book whole), .twrc for compact \
            (a book as the changes from the previous one of its symbol, a full book every \
            1000; version 4, each record closed by its CRC-32, which builds before it do not \
            read; version 3 files still read). Converting a recording and converting it back \
            gives the same records, byte for byte. An incomplete final record of IN is left \
            out, with a warning on stderr.
            """,
        arguments: [input, output],
        run: run
    )

    static let input: Argument<String> = .required("IN", help: "The recording to read.")
    static let output: Argument<Output> = .required(
        "OUT", help: "The file to write (.jsonl, .twrb or .twrc).",
        parse: ValueParser { path throws(ValueError) in
            guard path.hasSuffix(".jsonl") || path.hasSuffix(".twrb") || path.hasSuffix(".twrc") else {
                throw .expected("a name ending in .jsonl (JSON Lines), .twrb (binary) or .twrc (compact)")
            }
            return Output(path: path, format: RecordingFormat(fileName: path))
        })

    /// The file to write and the form its name asks for.
    struct Output: Sendable {
        var path: String
        var format: RecordingFormat
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let output = invocation[Self.output]
        for warning in try RecordingConverter.convert(invocation[Self.input], to: output.path, format: output.format) {
            Console.err("tickwork: warning: \(warning)")
        }
        return 0
    }
}
