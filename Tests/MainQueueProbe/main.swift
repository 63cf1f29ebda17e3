// A program whose top-level code drives a HeadlessHost on the main thread, as a seed program
// or `kiosk snapshot` script does: no run loop runs, so the host must run the blocks its views
// queue with `DispatchQueue.main.async` (issue 39). EngineFixTests runs it and reads its line.
import Kiosk
import Dispatch
import Foundation

final class Flags { var ran = false }
let flags = Flags()

struct Loader: View {
    @State private var loaded = false
    var body: some View {
        (loaded ? Color.green : Color.red)
            .onAppear {
                // The seeds' completion pattern: a result handed back to the main queue.
                DispatchQueue.main.async {
                    flags.ran = true
                    loaded = true
                }
            }
    }
}

// `--notification DIR`: the frame loop as `kiosk run` runs it (offscreen, into DIR), and a view
// that posts a notification from its onAppear (a main-queue block) to an observer added with
// `queue: .main`. Under dispatchMain() Foundation saw no current OperationQueue there, queued the
// observer on OperationQueue.main and waited for it on the main queue: a deadlock. Prints
// `observer=1 main=true` and exits 0 after 0.5 s (the loop's duration).
if CommandLine.arguments.count >= 3 && CommandLine.arguments[1] == "--notification" {
    setvbuf(stdout, nil, _IOLBF, 0)
    final class Count { var observed = 0; var onMain = false }
    let count = Count()
    let name = Notification.Name("KioskProbePing")
    _ = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
        count.observed += 1
        count.onMain = Thread.isMainThread
    }
    struct Poster: View {
        let post: () -> Void
        var body: some View { Color.blue.onAppear { post() } }
    }
    do {
        let display = try OffscreenDisplay(directory: CommandLine.arguments[2], width: 32, height: 32)
        let source = ViewFrameSource(width: 32, height: 32) {
            Poster {
                NotificationCenter.default.post(name: name, object: nil)
                print("observer=\(count.observed) main=\(count.onMain)")
            }
        }
        let loop = try FrameLoop(display: display, source: source)
        loop.duration = 0.5
        loop.runForever()
    } catch {
        print("probe: \(error)")
        exit(3)
    }
}

Diagnostics.printsWarnings = false
let host = HeadlessHost(width: 20, height: 20) { Loader() }
host.advance(by: 0.1)
let p = host.snapshot().pixel(x: 10, y: 10)
let green = p.g > 150 && p.r < 100
print("ran=\(flags.ran) green=\(green) warnings=\(host.warnings.count)")
