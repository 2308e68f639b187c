import Foundation
import Entity
import Services
import Presenter
import View
import TestSupport
import ServiceSupport

/// Showing a photograph on an 80×24 terminal: decoding a 1920×1280 JPEG scaled for the terminal and
/// encoding it for each picture protocol, each time in a child process whose peak memory is read.
struct PictureDisplay: Section {
    let title = "Showing a 1920×1280 JPEG on an 80×24 terminal"
    let reference = "ImageMagick's `convert` doing the same job on the same file (decode scaled to the same box, then write "
        + "sixel, PNG, or the raw pixels), as a whole process measured the same way and interleaved with the probes"

    /// The protocols in the order the figures list them.
    static let encodings: [TerminalPictures.Encoding] = [.halfBlocks, .sixel, .kitty]

    func run(quick: Bool, into report: inout SectionReport) async throws {
        guard let convert = Tools.findBinary("convert") else {
            throw BenchError("no ImageMagick `convert` to make the test JPEG and the reference: install it with "
                + "`sudo apt-get install imagemagick`", skipped: true)
        }
        // A child started straight from the benchmark counts the benchmark's own peak as its own (Linux
        // carries the peak of the memory a process had before exec over, and posix_spawn starts children
        // in the parent's memory): GNU time forks from a small process and reports the child's alone.
        guard let time = Tools.findBinary("time"), !time.isScript else {
            throw BenchError("no GNU time (/usr/bin/time) to read each child's peak memory: install it with "
                + "`sudo apt-get install time`", skipped: true)
        }
        let bench = BinaryRunner.url(of: "recipes-bench").path
        // Without ldd the note says the libraries are unknown; the figures stand either way.
        let probeLinking = (try? Linking(of: bench)).map { "built with a \($0.staticSwift ? "static" : "dynamic") Swift runtime, "
            + "\($0.libraries.count) shared libraries" } ?? "its libraries unknown (no ldd)"
        let repetitions = quick ? 3 : 10
        var probes: [TerminalPictures.Encoding: [PictureProbe.Result]] = [:]
        var references: [TerminalPictures.Encoding: [Measured]] = [:]
        var fileBytes = 0
        try await TemporaryDirectory.with { folder in
            let photo = folder.appendingPathComponent("photo.jpg").path
            Console.message("   drawing a 1920×1280 photograph-like JPEG with convert…")
            // A plasma fractal (smooth gradients with fine noise, like a photograph; fixed seed) at JPEG quality 85.
            _ = try Tools.run(convert.path, ["-seed", "7", "-size", "1920x1280", "plasma:fractal", "-quality", "85", photo],
                              timeout: .seconds(120))
            fileBytes = (try FileManager.default.attributesOfItem(atPath: photo)[.size] as? Int) ?? 0
            let environment = Tools.environment(home: folder).merging(["MAGICK_THREAD_LIMIT": "1"]) { $1 }
            let runner = Measurer(time: time.path, peakFile: folder.appendingPathComponent("peak").path, environment: environment)
            // One untimed round first (the file and both programs in the page cache), then rotating order.
            let jobs = Self.encodings.flatMap { [($0, true), ($0, false)] }
            for round in -1..<repetitions {
                for (encoding, ours) in jobs.rotated(by: max(0, round)) {
                    if ours {
                        let measured = try runner.run(bench, [PictureProbe.flag, photo, encoding.rawValue])
                        let result = try PictureProbe.Result(measured, encoding: encoding)
                        if round >= 0 { probes[encoding, default: []].append(result) }
                    } else {
                        let measured = try runner.run(convert.path, PictureProbe.referenceArguments(photo: photo, encoding: encoding))
                        if round >= 0 { references[encoding, default: []].append(measured) }
                    }
                }
            }
        }

        let megabytes = { (bytes: Int) in Double(bytes) / 1_048_576 }
        let all = probes.values.flatMap { $0 }
        let decode = Samples(all.map { $0.decode.timeInterval * 1000 })
        guard let first = all.first else { throw BenchError("no picture was shown") }
        report.figures = [Figure("decode to \(first.width)×\(first.height) (`ImageDecoder`, libjpeg scaling): median", decode.median)]
        for encoding in Self.encodings {
            let ours = probes[encoding] ?? []
            report.figures.append(Figure("\(encoding.label): decode + encode in the process: median",
                                         Samples(ours.map { ($0.decode + $0.encode).timeInterval * 1000 }).median))
        }
        for encoding in Self.encodings {
            let (ours, theirs) = (probes[encoding] ?? [], references[encoding] ?? [])
            report.figures.append(Figure("\(encoding.label): whole process: median", Samples(ours.map { $0.process.timeInterval * 1000 }).median,
                                         reference: Samples(theirs.map { $0.duration.timeInterval * 1000 }).median))
        }
        for encoding in Self.encodings {
            let (ours, theirs) = (probes[encoding] ?? [], references[encoding] ?? [])
            report.figures.append(Figure("\(encoding.label): peak resident (VmHWM), median", megabytes(Self.median(ours.map(\.peak))), "MB",
                                         reference: megabytes(Self.median(theirs.map(\.peak)))))
        }

        let added = Self.encodings.map { encoding in
            let ours = probes[encoding] ?? []
            return "\(encoding.label) \(String(format: "%.1f", megabytes(Self.median(ours.map { $0.peak - $0.baseline })))) MB "
                + "(\(NumberText.grouped(Self.median(ours.map(\.outputBytes)))) bytes written)"
        }
        report.notes = [
            "The JPEG is drawn in the run by `convert -seed 7 -size 1920x1280 plasma:fractal -quality 85` "
                + "(\(NumberText.grouped(fileBytes)) bytes, baseline, 4:2:0).",
            "Each figure is \(repetitions) runs after one untimed round, in rotating order. Ours: `recipes-bench --picture-probe FILE "
                + "PROTOCOL`, a child that reads the file, decodes it with `ImageDecoder` into the box `recipes` asks for a large "
                + "picture (`pic N`) on an 80×24 terminal (79×21 cells of 8×16 pixels: \(PictureProbe.boxWidth)×\(PictureProbe.boxHeight)), "
                + "then draws it with the View's encoder in 79×21 cells (`TerminalPictures.render(_:protocol:columns:rows:)`: "
                + "half blocks in 24-bit colour, sixel with 256 colours, kitty with the PNG that `ImageEncoder` makes, as "
                + "`recipes` does for kitty). The probe is this benchmark's binary, \(probeLinking).",
            "In-process times are the child's own clock around decoding and encoding; whole-process times run from posix_spawn to "
                + "the child's exit, each run through GNU time (`\(time.path) -f %M`), whose report of the child's peak resident "
                + "size (the VmHWM it reached) is the memory figure.",
            "Peak added by showing the picture, over the probe with the file read: " + added.joined(separator: ", ") + ".",
            "Reference: `convert -define jpeg:size=\(PictureProbe.boxWidth)x\(PictureProbe.boxHeight) FILE -resize "
                + "\(PictureProbe.boxWidth)x\(PictureProbe.boxHeight)` then `ppm:-` (half blocks: the scaled pixels), `sixel:-` or "
                + "`png:-` (kitty), with MAGICK_THREAD_LIMIT=1 (our decoder and encoders use one thread); "
                + "`\(convert.path)`\(convert.isScript ? " (a script: its interpreter's start-up is in its times)" : "").",
        ]
    }

    private static func median(_ values: [Int]) -> Int {
        values.isEmpty ? 0 : values.sorted()[(values.count - 1) / 2]
    }
}

/// One run of a program through GNU time: its time from launch to exit, its peak resident size, and
/// its output.
struct Measured {
    let duration: Duration
    let peak: Int
    let output: String
}

/// Runs programs through GNU time (`time -f %M -o FILE`), which reports the child's own peak resident
/// size; the time runs from posix_spawn of `time` to the end of the output (the child's exit).
struct Measurer {
    let time: String
    let peakFile: String
    let environment: [String: String]

    func run(_ program: String, _ arguments: [String]) throws -> Measured {
        let child = try RunningProcess(time, ["-f", "%M", "-o", peakFile, program] + arguments, environment: environment)
        child.closeInput()
        let result = child.finish(timeout: .seconds(60))
        let name = URL(fileURLWithPath: program).lastPathComponent
        guard result.status == 0, !result.standardOutput.isEmpty, let ended = child.outputEndedAt else {
            throw BenchError("\(name) \(arguments.joined(separator: " ")) failed (exit \(result.status)): \(result.errors.suffix(300))")
        }
        let report = try String(contentsOfFile: peakFile, encoding: .utf8)
        guard let kilobytes = report.split(whereSeparator: \.isNewline).last.flatMap({ Int($0) }) else {
            throw BenchError("time wrote \"\(report.suffix(200))\" for \(name), not a peak size")
        }
        return Measured(duration: ended - child.started, peak: kilobytes * 1024, output: result.output)
    }
}

/// The child's side of the picture section: `recipes-bench --picture-probe FILE PROTOCOL` decodes and
/// draws once and prints what it measured on one line.
enum PictureProbe {
    static let flag = "--picture-probe"
    /// An 80×24 terminal's large picture (`pic N`) takes 79×21 cells (TerminalView: the width less one,
    /// the height less three); the decoder is asked for those cells in pixels at the usual 8×16 font.
    static let (columns, rows) = (79, 21)
    static let (boxWidth, boxHeight) = (79 * 8, 21 * 16)

    struct Result {
        let decode: Duration
        let encode: Duration
        let process: Duration
        let width: Int
        let height: Int
        let outputBytes: Int
        /// VmHWM with the file read, before decoding; and the most resident at all.
        let baseline: Int
        let peak: Int

        /// Reads what the probe printed.
        init(_ measured: Measured, encoding: TerminalPictures.Encoding) throws {
            let fields = measured.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            guard fields.count == 6 else {
                throw BenchError("the picture probe for \(encoding.rawValue) printed \"\(measured.output.prefix(200))\"")
            }
            (decode, encode, outputBytes, width, height, baseline) =
                (.nanoseconds(fields[0]), .nanoseconds(fields[1]), fields[2], fields[3], fields[4], fields[5])
            (process, peak) = (measured.duration, measured.peak)
        }
    }

    static func referenceArguments(photo: String, encoding: TerminalPictures.Encoding) -> [String] {
        let box = "\(boxWidth)x\(boxHeight)"
        let output = switch encoding {
        case .halfBlocks: "ppm:-"
        case .sixel: "sixel:-"
        case .kitty: "png:-"
        }
        return ["-define", "jpeg:size=\(box)", photo, "-resize", box, output]
    }

    /// The child: prints `decode-ns encode-ns bytes-written width height baseline-bytes`; exit 1 on failure.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let encoding = TerminalPictures.Encoding(rawValue: arguments[1]) else {
            Console.message("\(flag) wants a picture file and one of \(TerminalPictures.Encoding.allCases.map(\.rawValue).joined(separator: ", "))")
            return 2
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: arguments[0]))
        } catch {
            Console.message("cannot read \(arguments[0]): \(error)")
            return 1
        }
        let baseline = peakResidentBytes()
        let start = ContinuousClock.now
        do throws(ServiceError) {
            let image = try ImageDecoder().decode(data, maxWidth: boxWidth, maxHeight: boxHeight)
            let decoded = ContinuousClock.now
            let png = encoding == .kitty ? try ImageEncoder.png(image) : Data()
            guard let picture = PictureModel(width: image.width, height: image.height, rgba: image.rgba, png: png, altText: "", link: nil) else {
                Console.message("the decoder's picture does not make a PictureModel")
                return 1
            }
            let drawn = TerminalPictures.render(picture, protocol: encoding, columns: columns, rows: rows)
            let encoded = ContinuousClock.now
            guard drawn.hasPrefix(encoding.opening) else {
                Console.message("the \(encoding.rawValue) encoder wrote \(drawn.utf8.count) bytes starting \(drawn.prefix(8).debugDescription)")
                return 1
            }
            let nanoseconds = { (duration: Duration) in duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000 }
            Console.output("\(nanoseconds(decoded - start)) \(nanoseconds(encoded - decoded)) \(drawn.utf8.count) \(image.width) \(image.height) \(baseline)")
            return 0
        } catch {
            Console.message("cannot show \(arguments[0]): \(error)")
            return 1
        }
    }

    /// VmHWM from `/proc/self/status`, in bytes (0 when it cannot be read).
    private static func peakResidentBytes() -> Int {
        // Without /proc the baseline is left at 0 and the note says so by its numbers.
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return (line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }
}

extension TerminalPictures.Encoding {
    /// As the figures name it.
    var label: String {
        switch self {
        case .halfBlocks: "half blocks, 24-bit"
        case .sixel: "sixel"
        case .kitty: "kitty"
        }
    }

    /// What the encoder's output starts with.
    var opening: String {
        switch self {
        case .halfBlocks: "\u{1B}["
        case .sixel: "\u{1B}P"
        case .kitty: "\u{1B}_G"
        }
    }
}
