import Foundation
import TestSupport

/// The Prometheus project's own Python parser of the text format (`prometheus-client` from
/// PyPI, which `.ci/run` installs), run on an exposition: every sample as `name{labels}` to its
/// value, labels sorted; a text it cannot parse fails the run.
enum PrometheusParser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let script = """
        import json, sys
        from prometheus_client.parser import text_string_to_metric_families
        samples = {}
        for family in text_string_to_metric_families(sys.stdin.read()):
            for s in family.samples:
                labels = ",".join(f'{k}="{v}"' for k, v in sorted(s.labels.items()))
                samples[s.name + "{" + labels + "}"] = s.value
        print(json.dumps(samples))
        """

    /// The samples of `text`, parsed by `prometheus_client`.
    static func samples(of text: String) async throws -> [String: Double] {
        let scratch = try TemporaryDirectory("tickwork-prometheus")
        defer { scratch.remove() }
        let input = scratch.file("metrics.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let result = try await SpawnedProcess.run(
            executable: "/bin/sh", arguments: ["-c", "exec python3 -c \"$0\" < \"$1\"", script, input], timeout: 60)
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
              let samples = try JSONSerialization.jsonObject(with: data) as? [String: Double] else {
            throw Failure(description: "prometheus_client refused the exposition (status \(result.status)): \(result.stderr)")
        }
        return samples
    }

    /// What `promtool check metrics` (Debian's prometheus package, which `.ci/run` installs)
    /// says of `text`: empty when it passes its parser and lint rules.
    static func promtoolProblems(of text: String) async throws -> String {
        let scratch = try TemporaryDirectory("tickwork-promtool")
        defer { scratch.remove() }
        let input = scratch.file("metrics.txt")
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let result = try await SpawnedProcess.run(
            executable: "/bin/sh", arguments: ["-c", "exec promtool check metrics < \"$0\"", input], timeout: 60)
        return result.status == 0 ? "" : "status \(result.status): \(result.stdout)\(result.stderr)"
    }
}
