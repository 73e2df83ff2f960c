<?php
/*
 * Installs WordPress and gives it deterministic content for bench/http/run.py.
 *
 *   php -d auto_prepend_file=PREPEND seed.php URL ADMIN_PASSWORD POSTS
 *
 * PREPEND sets $_SERVER['WORDPRESS_CONFIG'] (Debian's wp-config.php then loads
 * /etc/wordpress/config-NAME.php).  Runs WordPress's own APIs (wp_install,
 * wp_insert_term, wp_insert_post, wp_insert_comment), so MariaDB and pressdb
 * get the same content through the same statements.  Prints one JSON line:
 * {"post_ids": [...], "app_password": "...", "counts": {...}}.
 */
if ( $argc < 4 ) {
	fwrite( STDERR, "usage: seed.php URL ADMIN_PASSWORD POSTS\n" );
	exit( 2 );
}
$url   = rtrim( $argv[1], '/' );
$pw    = $argv[2];
$posts = (int) $argv[3];

$_SERVER['HTTP_HOST']   = parse_url( $url, PHP_URL_HOST ) . ':' . parse_url( $url, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_INSTALLING', true );
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

if ( ! is_blog_installed() ) {
	wp_install( 'pressdb HTTP bench', 'admin', 'admin@example.com', true, '', wp_slash( $pw ) );
}
update_option( 'siteurl', $url );
update_option( 'home', $url );
update_option( 'posts_per_page', 10 );
update_option( 'comment_moderation', 0 );
update_option( 'comment_previously_approved', 0 );
update_option( 'default_comments_page', 'newest' );
global $wp_rewrite;
$wp_rewrite->set_permalink_structure( '/%year%/%monthnum%/%postname%/' );
$wp_rewrite->flush_rules( false );
wp_set_current_user( 1 );

mt_srand( 20261130 );
$words = explode( ' ', 'database server wordpress query index table column engine memory ' .
	'latency throughput commit durable replica cache page theme block comment author editor ' .
	'archive category tag search feed plugin option transient schema migration benchmark ' .
	'socket protocol packet result charset collation timestamp revision draft publish garden ' .
	'kitchen travel music river mountain coffee bicycle library window autumn harbour' );
function bench_words( $n ) {
	global $words;
	$out = array();
	for ( $i = 0; $i < $n; $i++ ) {
		$out[] = $words[ mt_rand( 0, count( $words ) - 1 ) ];
	}
	return implode( ' ', $out );
}

$cats = array();
foreach ( array( 'News', 'Engineering', 'Databases', 'Travel', 'Music', 'Food', 'Gardening', 'Opinion' ) as $name ) {
	$t      = wp_insert_term( $name, 'category', array( 'description' => "Posts about $name" ) );
	$cats[] = is_wp_error( $t ) ? get_term_by( 'name', $name, 'category' )->term_id : $t['term_id'];
}
$tags = array();
for ( $i = 0; $i < 40; $i++ ) {
	$name   = 'tag-' . $i . '-' . $words[ $i % count( $words ) ];
	$t      = wp_insert_term( $name, 'post_tag' );
	$tags[] = is_wp_error( $t ) ? get_term_by( 'name', $name, 'post_tag' )->term_id : $t['term_id'];
}

$ids  = array();
$base = strtotime( '2026-06-01 12:00:00' );
for ( $i = 0; $i < $posts; $i++ ) {
	$paras = '';
	for ( $p = 0; $p < 6; $p++ ) {
		$paras .= "<!-- wp:paragraph -->\n<p>" . ucfirst( bench_words( mt_rand( 40, 90 ) ) ) . ".</p>\n<!-- /wp:paragraph -->\n\n";
	}
	$ptags = array();
	for ( $k = 0, $n = mt_rand( 2, 5 ); $k < $n; $k++ ) {
		$ptags[] = $tags[ mt_rand( 0, count( $tags ) - 1 ) ];
	}
	$id = wp_insert_post( array(
		'post_title'    => ucfirst( bench_words( mt_rand( 3, 7 ) ) ) . " $i",
		'post_content'  => $paras,
		'post_excerpt'  => '',
		'post_status'   => 'publish',
		'post_author'   => 1,
		'post_date'     => gmdate( 'Y-m-d H:i:s', $base - $i * 7200 ),
		'post_category' => array( $cats[ $i % count( $cats ) ], $cats[ ( $i * 3 + 1 ) % count( $cats ) ] ),
		'tags_input'    => array_map( 'intval', $ptags ),
		'meta_input'    => array( 'bench_views' => mt_rand( 0, 5000 ), 'bench_source' => 'seed' ),
	), true );
	if ( is_wp_error( $id ) ) {
		fwrite( STDERR, 'wp_insert_post: ' . $id->get_error_message() . "\n" );
		exit( 1 );
	}
	$ids[] = $id;
	$prev  = 0;
	for ( $c = 0, $n = mt_rand( 0, 6 ); $c < $n; $c++ ) {
		$prev = wp_insert_comment( array(
			'comment_post_ID'      => $id,
			'comment_author'       => 'Reader ' . mt_rand( 1, 50 ),
			'comment_author_email' => 'reader' . mt_rand( 1, 50 ) . '@example.com',
			'comment_content'      => ucfirst( bench_words( mt_rand( 10, 40 ) ) ) . '.',
			'comment_approved'     => 1,
			'comment_parent'       => ( $prev && mt_rand( 0, 2 ) == 0 ) ? $prev : 0,
			'comment_date'         => gmdate( 'Y-m-d H:i:s', $base - $i * 7200 + 600 * ( $c + 1 ) ),
		) );
	}
}

$app = WP_Application_Passwords::create_new_application_password( 1, array( 'name' => 'bench-http' ) );
if ( is_wp_error( $app ) ) {
	fwrite( STDERR, 'application password: ' . $app->get_error_message() . "\n" );
	exit( 1 );
}
global $wpdb;
echo json_encode( array(
	'post_ids'     => $ids,
	'app_password' => $app[0],
	'counts'       => array(
		'posts'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $wpdb->posts" ),
		'comments' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $wpdb->comments" ),
		'terms'    => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $wpdb->terms" ),
		'postmeta' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM $wpdb->postmeta" ),
	),
) ) . "\n";
