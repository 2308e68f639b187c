import Foundation
import Glibc

/// nginx serving one static file for every `/api/...` request, from a temporary folder with its own
/// configuration on a free port: one worker, no access log, long keep-alive.
final class NginxReference {
    let port: UInt16
    private let folder: TemporaryFolder
    private let process: ChildProcess

    init(nginx: String, folder: TemporaryFolder) throws {
        self.folder = folder
        port = try LoopbackPorts.free()
        let www = try folder.folder("www")
        _ = try folder.folder("temp")
        // nginx's workers run as an unprivileged user when started by root: they must be able to read.
        chmod(folder.path, 0o755)
        chmod(www.path, 0o755)
        try Self.writeFile(Data("{}".utf8), to: www.appendingPathComponent("page.json"))
        let configuration = try folder.write(Self.configuration(prefix: folder.path, port: port), to: "nginx.conf")
        process = try ChildProcess(
            nginx, ["-p", folder.path + "/", "-c", configuration.path, "-e", folder.file("error.log").path, "-g", "daemon off;"],
            environment: ProcessInfo.processInfo.environment, wiring: .pipes
        )
        do {
            try LoopbackPorts.waitUntilListening(port, timeout: .seconds(10))
        } catch {
            stop()
            throw BenchError("nginx did not start: \(process.tailText)")
        }
    }

    /// Serves `body` from now on.
    func serve(_ body: Data) throws {
        try Self.writeFile(body, to: folder.url.appendingPathComponent("www/page.json"))
    }

    func stop() {
        process.terminate()
        do {
            try process.readToEnd(timeout: .seconds(10))
            try process.wait(timeout: .seconds(10))
        } catch {
            Console.message("nginx did not stop cleanly (it is killed when the benchmark ends): \(error)")
        }
    }

    private static func writeFile(_ data: Data, to url: URL) throws {
        try data.write(to: url)
        chmod(url.path, 0o644)
    }

    static func configuration(prefix: String, port: UInt16) -> String {
        """
        worker_processes 1;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/error.log warn;
        events { worker_connections 1024; }
        http {
            access_log off;
            sendfile on;
            tcp_nopush on;
            keepalive_requests 10000000;
            keepalive_timeout 60s;
            client_body_temp_path \(prefix)/temp/body;
            proxy_temp_path \(prefix)/temp/proxy;
            fastcgi_temp_path \(prefix)/temp/fastcgi;
            uwsgi_temp_path \(prefix)/temp/uwsgi;
            scgi_temp_path \(prefix)/temp/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(prefix)/www;
                location / {
                    default_type text/javascript;
                    try_files /page.json =404;
                }
            }
        }

        """
    }
}
