<?php
/*
 * Router for PHP's built-in server (tests/wordpress/run.py): what Apache's
 * rewrite rules in Debian's /etc/wordpress/htaccess do.  Existing files and
 * directories are served as they are; any other path goes to index.php, so
 * pretty permalinks, /wp-sitemap.xml and /robots.txt work.
 */
if ( ! isset( $_SERVER['WORDPRESS_CONFIG'] ) && getenv( 'WORDPRESS_CONFIG' ) ) {
	$_SERVER['WORDPRESS_CONFIG'] = getenv( 'WORDPRESS_CONFIG' );
}
$path = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( is_string( $path ) && file_exists( $_SERVER['DOCUMENT_ROOT'] . $path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
chdir( $_SERVER['DOCUMENT_ROOT'] );
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
