//! A main nginx configuration around a rendered site file, like Debian's own (its modules,
//! brotli_static included, and its MIME types) but with every path nginx writes inside one
//! directory: `cargo xtask deploy nginx` checks the rendered site with it (`nginx -t`), and
//! the deployment e2e tests run nginx with it.

use std::path::Path;

/// The main configuration including `site`, writing only into `dir`. `as_root`: the workers
/// keep the master's user (as root they would run as `nobody`, which may not read the build
/// or write the temporary files).
pub fn nginx_main_config(dir: &Path, site: &Path, as_root: bool) -> String {
    let d = dir.display();
    let user = if as_root { "user root;\n" } else { "" };
    format!(
        "{user}pid {d}/nginx.pid;\nerror_log stderr;\n\
         include /etc/nginx/modules-enabled/*.conf;\nevents {{}}\nhttp {{\n\
         include /etc/nginx/mime.types;\ndefault_type application/octet-stream;\n\
         client_body_temp_path {d}/body;\nproxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\nuwsgi_temp_path {d}/uwsgi;\nscgi_temp_path {d}/scgi;\n\
         include {};\n}}\n",
        site.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_the_site_and_keeps_every_written_path_in_the_directory() {
        let main = nginx_main_config(Path::new("/tmp/x"), Path::new("/tmp/x/folio.conf"), false);
        assert!(main.contains("include /tmp/x/folio.conf;"));
        assert!(main.contains("pid /tmp/x/nginx.pid;"));
        assert!(main.contains("include /etc/nginx/modules-enabled/*.conf;"));
        assert!(!main.contains("user root"));
        for line in main.lines().filter(|l| l.contains("_temp_path")) {
            assert!(line.contains("/tmp/x/"), "{line}");
        }
        assert!(nginx_main_config(Path::new("/d"), Path::new("/s"), true).starts_with("user root;"));
    }
}
