<?php
/**
 * Plugin Name: pressdb test queries
 * Description: REST routes for tests/wordpress/run.py that exercise the WordPress
 * APIs plugins lean on (meta, tax and date queries, user, comment and term
 * queries, dbDelta, wpdb helpers, non-strict writes, charset stripping,
 * transients).  run.py copies it to WP_CONTENT_DIR/mu-plugins/ of each site.
 * GET /?rest_route=/pressdb-test/v1/case/NAME returns the case's results as
 * JSON; only for users who can manage_options.
 */

add_action(
	'rest_api_init',
	function () {
		register_rest_route(
			'pressdb-test/v1',
			'/case/(?P<name>[a-z0-9_]+)',
			array(
				'methods'             => 'GET,POST',
				'permission_callback' => function () {
					return current_user_can( 'manage_options' );
				},
				'callback'            => 'pressdb_test_case',
			)
		);
	}
);

function pressdb_test_ids( $posts ) {
	$out = array();
	foreach ( $posts as $p ) {
		$out[] = is_object( $p ) ? $p->post_title : get_the_title( $p );
	}
	return $out;
}

function pressdb_test_q( $args ) {
	$args = array_merge(
		array(
			'post_type'      => 'post',
			'post_status'    => 'publish',
			'posts_per_page' => 50,
			'orderby'        => array( 'date' => 'DESC', 'ID' => 'DESC' ),
			'no_found_rows'  => false,
		),
		$args
	);
	$q    = new WP_Query( $args );
	return array(
		'found'  => (int) $q->found_posts,
		'pages'  => (int) $q->max_num_pages,
		'titles' => pressdb_test_ids( $q->posts ),
	);
}

function pressdb_test_post_id( $slug ) {
	$p = get_page_by_path( $slug, OBJECT, array( 'post', 'page' ) );
	return $p ? (int) $p->ID : 0;
}

function pressdb_test_case( WP_REST_Request $request ) {
	global $wpdb;
	$name = $request['name'];
	$fn   = 'pressdb_test_case_' . $name;
	if ( ! function_exists( $fn ) ) {
		return new WP_Error( 'no_case', 'no such case: ' . $name, array( 'status' => 404 ) );
	}
	$wpdb->suppress_errors( false );
	$before = $wpdb->num_queries;
	try {
		$result = $fn();
	} catch ( Throwable $e ) {
		$result = array( 'exception' => get_class( $e ) . ': ' . $e->getMessage() );
	}
	return rest_ensure_response(
		array(
			'case'       => $name,
			'result'     => $result,
			'last_error' => $wpdb->last_error,
		)
	);
}

/* ---- data ---------------------------------------------------------------- */

function pressdb_test_case_setup() {
	$meta = array(
		'hello-pressdb'   => array( 'price' => '10', 'color' => 'red', 'release' => '2024-05-01', 'flag' => '1' ),
		'percent-post'    => array( 'price' => '9.5', 'color' => 'blue', 'release' => '2023-12-31' ),
		'underscore-post' => array( 'price' => '100', 'color' => 'Red', 'release' => '2024-01-15', 'flag' => '0' ),
		'decoy-post'      => array( 'price' => '-3', 'color' => 'green' ),
		'dated-post'      => array( 'color' => 'rouge' ),
	);
	$done = array();
	foreach ( $meta as $slug => $kv ) {
		$id = pressdb_test_post_id( $slug );
		foreach ( $kv as $k => $v ) {
			update_post_meta( $id, $k, $v );
		}
		add_post_meta( $id, 'multi', 'a' );
		add_post_meta( $id, 'multi', 'b' );
		$done[ $slug ] = $id ? 'ok' : 'missing';
	}
	$news = get_term_by( 'slug', 'news', 'category' );
	update_term_meta( $news->term_id, 'featured', 'yes' );
	update_term_meta( $news->term_id, 'rank', '3' );
	$tech = get_term_by( 'slug', 'tech', 'category' );
	update_term_meta( $tech->term_id, 'rank', '12' );
	update_user_meta( 1, 'favourite_color', 'red' );
	update_user_meta( 1, 'score', '42' );
	$u = get_user_by( 'login', 'author2' );
	if ( $u ) {
		update_user_meta( $u->ID, 'favourite_color', 'blue' );
		update_user_meta( $u->ID, 'score', '7' );
	}
	$c = get_comments( array( 'number' => 1, 'orderby' => 'comment_ID', 'order' => 'ASC', 'status' => 'approve' ) );
	if ( $c ) {
		update_comment_meta( $c[0]->comment_ID, 'rating', '5' );
	}
	return $done;
}

/* ---- WP_Query ------------------------------------------------------------ */

function pressdb_test_case_meta_query() {
	return array(
		'num_gt_9'       => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'price', 'value' => 9, 'compare' => '>', 'type' => 'NUMERIC' ) ), 'orderby' => 'meta_value_num', 'meta_key' => 'price', 'order' => 'ASC' ) ),
		'decimal_btw'    => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'price', 'value' => array( '-5', '9.75' ), 'compare' => 'BETWEEN', 'type' => 'DECIMAL(10,2)' ) ) ) ),
		'string_eq_ci'   => pressdb_test_q( array( 'meta_key' => 'color', 'meta_value' => 'red' ) ),
		'binary_eq'      => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => 'red', 'type' => 'BINARY' ) ) ) ),
		'regexp'         => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => '^r', 'compare' => 'REGEXP' ) ) ) ),
		'not_regexp'     => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => 'e$', 'compare' => 'NOT REGEXP' ) ) ) ),
		'like'           => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => 'e', 'compare' => 'LIKE' ) ) ) ),
		'not_like'       => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => 'ed', 'compare' => 'NOT LIKE' ) ) ) ),
		'in'             => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => array( 'red', 'blue' ), 'compare' => 'IN' ) ) ) ),
		'not_in'         => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'color', 'value' => array( 'red', 'blue' ), 'compare' => 'NOT IN' ) ) ) ),
		'exists'         => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'flag', 'compare' => 'EXISTS' ) ) ) ),
		'not_exists'     => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'price', 'compare' => 'NOT EXISTS' ) ), 'posts_per_page' => 5 ) ),
		'or_relation'    => pressdb_test_q( array( 'meta_query' => array( 'relation' => 'OR', array( 'key' => 'color', 'value' => 'green' ), array( 'key' => 'price', 'value' => 50, 'compare' => '>=', 'type' => 'SIGNED' ) ) ) ),
		'nested'         => pressdb_test_q( array( 'meta_query' => array( 'relation' => 'AND', array( 'key' => 'multi', 'value' => 'a' ), array( 'relation' => 'OR', array( 'key' => 'flag', 'value' => '1' ), array( 'key' => 'color', 'value' => 'blue' ) ) ) ) ),
		'date_type'      => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'release', 'value' => '2024-01-01', 'compare' => '>=', 'type' => 'DATE' ) ) ) ),
		'compare_key'    => pressdb_test_q( array( 'meta_query' => array( array( 'key' => 'rel', 'compare_key' => 'LIKE', 'compare' => 'EXISTS' ) ) ) ),
		'named_orderby'  => pressdb_test_q(
			array(
				'meta_query' => array(
					'relation'     => 'AND',
					'color_clause' => array( 'key' => 'color', 'compare' => 'EXISTS' ),
					'price_clause' => array( 'key' => 'price', 'compare' => 'EXISTS', 'type' => 'NUMERIC' ),
				),
				'orderby'    => array( 'color_clause' => 'ASC', 'price_clause' => 'DESC' ),
			)
		),
		'meta_value_order' => pressdb_test_q( array( 'meta_key' => 'color', 'orderby' => array( 'meta_value' => 'DESC', 'ID' => 'ASC' ) ) ),
	);
}

function pressdb_test_case_tax_query() {
	$news = get_term_by( 'slug', 'news', 'category' );
	$tech = get_term_by( 'slug', 'tech', 'category' );
	return array(
		'children'      => pressdb_test_q( array( 'tax_query' => array( array( 'taxonomy' => 'category', 'terms' => array( $news->term_id ) ) ) ) ),
		'no_children'   => pressdb_test_q( array( 'tax_query' => array( array( 'taxonomy' => 'category', 'terms' => array( $news->term_id ), 'include_children' => false ) ) ) ),
		'not_in'        => pressdb_test_q( array( 'tax_query' => array( array( 'taxonomy' => 'category', 'terms' => array( $tech->term_id ), 'operator' => 'NOT IN' ) ) ) ),
		'and_tags'      => pressdb_test_q( array( 'tax_query' => array( array( 'taxonomy' => 'post_tag', 'field' => 'slug', 'terms' => array( 'hello', 'mariadb' ), 'operator' => 'AND' ) ) ) ),
		'exists'        => pressdb_test_q( array( 'tax_query' => array( array( 'taxonomy' => 'post_tag', 'operator' => 'EXISTS' ) ) ) ),
		'not_exists'    => pressdb_test_q( array( 'tax_query' => array( array( 'taxonomy' => 'post_tag', 'operator' => 'NOT EXISTS' ) ), 'posts_per_page' => 6 ) ),
		'or_mixed'      => pressdb_test_q( array( 'tax_query' => array( 'relation' => 'OR', array( 'taxonomy' => 'post_tag', 'field' => 'name', 'terms' => 'mariadb' ), array( 'taxonomy' => 'category', 'field' => 'slug', 'terms' => 'umlaut-co' ) ) ) ),
		'tax_and_meta'  => pressdb_test_q( array( 'category_name' => 'news', 'meta_key' => 'color', 'meta_compare' => '!=', 'meta_value' => 'blue' ) ),
		'category__and' => pressdb_test_q( array( 'category__and' => array( $news->term_id, $tech->term_id ) ) ),
		'tag_slug__in'  => pressdb_test_q( array( 'tag_slug__in' => array( 'hello' ), 'orderby' => 'title', 'order' => 'ASC' ) ),
	);
}

function pressdb_test_case_date_query() {
	return array(
		'range'        => pressdb_test_q( array( 'date_query' => array( array( 'after' => '2023-03-01', 'before' => array( 'year' => 2023, 'month' => 6, 'day' => 30 ), 'inclusive' => true ) ) ) ),
		'year_month'   => pressdb_test_q( array( 'year' => 2023, 'monthnum' => 7 ) ),
		'week'         => pressdb_test_q( array( 'date_query' => array( array( 'year' => 2023, 'week' => 19 ) ) ) ),
		'w_query_var'  => pressdb_test_q( array( 'year' => 2025, 'w' => 3 ) ),
		'dayofweek'    => pressdb_test_q( array( 'date_query' => array( array( 'dayofweek' => array( 1, 7 ), 'compare' => 'IN' ) ) ) ),
		'dayofweek_iso' => pressdb_test_q( array( 'date_query' => array( array( 'dayofweek_iso' => 7 ) ) ) ),
		'dayofyear'    => pressdb_test_q( array( 'date_query' => array( array( 'dayofyear' => 100, 'compare' => '>' ) ), 'year' => 2023 ) ),
		'hour_between' => pressdb_test_q( array( 'date_query' => array( array( 'hour' => array( 9, 12 ), 'compare' => 'BETWEEN' ) ) ) ),
		'minute_second' => pressdb_test_q( array( 'date_query' => array( array( 'minute' => 30, 'second' => 0 ) ) ) ),
		'gmt_column'   => pressdb_test_q( array( 'date_query' => array( array( 'column' => 'post_date_gmt', 'before' => '2024-01-01 00:00:00' ) ), 'posts_per_page' => 4 ) ),
		'or_relation'  => pressdb_test_q( array( 'date_query' => array( 'relation' => 'OR', array( 'year' => 2022 ), array( 'year' => 2024, 'month' => 3 ) ) ) ),
		'm_var'        => pressdb_test_q( array( 'm' => '2023061' ) ),
		'modified'     => pressdb_test_q( array( 'date_query' => array( array( 'column' => 'post_modified', 'after' => '2000-01-01' ) ), 'posts_per_page' => 3, 'orderby' => 'ID', 'order' => 'ASC' ) ),
	);
}

function pressdb_test_case_search_order() {
	$hello = pressdb_test_post_id( 'hello-pressdb' );
	$dated = pressdb_test_post_id( 'dated-post' );
	return array(
		'terms'        => pressdb_test_q( array( 's' => 'post pressdb', 'orderby' => 'relevance' ) ),
		'exclude'      => pressdb_test_q( array( 's' => 'post -decoy', 'orderby' => 'relevance' ) ),
		'sentence'     => pressdb_test_q( array( 's' => 'Hello world from', 'sentence' => true ) ),
		'exact'        => pressdb_test_q( array( 's' => 'Decoy post', 'exact' => true ) ),
		'quotes'       => pressdb_test_q( array( 's' => '"or so we say"' ) ),
		'backslash'    => pressdb_test_q( array( 's' => 'backslash \\' ) ),
		'percent'      => pressdb_test_q( array( 's' => '100%' ) ),
		'underscore'   => pressdb_test_q( array( 's' => "it's_fine" ) ),
		'unicode_ci'   => pressdb_test_q( array( 's' => 'ÜNÏCÖDÉ' ) ),
		'accent_fold'  => pressdb_test_q( array( 's' => 'unicode' ) ),
		'emoji'        => pressdb_test_q( array( 's' => '😀' ) ),
		'post__in'     => pressdb_test_q( array( 'post__in' => array( $dated, $hello ), 'orderby' => 'post__in' ) ),
		'title_asc'    => pressdb_test_q( array( 'orderby' => 'title', 'order' => 'ASC', 'posts_per_page' => 8 ) ),
		'name_desc'    => pressdb_test_q( array( 'orderby' => 'name', 'order' => 'DESC', 'posts_per_page' => 8 ) ),
		'comment_count' => pressdb_test_q( array( 'orderby' => array( 'comment_count' => 'DESC', 'ID' => 'ASC' ), 'posts_per_page' => 3 ) ),
		'author_order' => pressdb_test_q( array( 'orderby' => array( 'author' => 'DESC', 'date' => 'ASC' ), 'posts_per_page' => 4 ) ),
		'paged_offset' => pressdb_test_q( array( 'posts_per_page' => 4, 'paged' => 3 ) ),
		'offset'       => pressdb_test_q( array( 'posts_per_page' => 3, 'offset' => 7 ) ),
		'any_status'   => pressdb_test_q( array( 'post_status' => 'any', 'post_type' => 'any', 'posts_per_page' => 100, 'orderby' => 'ID', 'order' => 'ASC' ) ),
		'pages_tree'   => pressdb_test_ids( get_pages( array( 'sort_column' => 'menu_order, post_title' ) ) ),
		'child_of'     => pressdb_test_ids( get_pages( array( 'child_of' => pressdb_test_post_id( 'about' ) ) ) ),
		'fields_ids'   => count( get_posts( array( 'fields' => 'ids', 'numberposts' => -1 ) ) ),
		'id_parent'    => count( get_posts( array( 'fields' => 'id=>parent', 'numberposts' => -1, 'post_type' => 'any' ) ) ),
		'adjacent'     => array(
			'prev' => pressdb_test_adjacent( $hello, true, false ),
			'next' => pressdb_test_adjacent( $dated, false, false ),
			'prev_same_term' => pressdb_test_adjacent( $dated, true, true ),
			'next_same_term' => pressdb_test_adjacent( $dated, false, true ),
		),
		'sticky_first' => pressdb_test_q( array( 'posts_per_page' => 3, 'ignore_sticky_posts' => false, 'orderby' => 'date' ) ),
	);
}

function pressdb_test_adjacent( $id, $previous, $same_term ) {
	global $post;
	$post = get_post( $id );
	setup_postdata( $post );
	$p = get_adjacent_post( $same_term, '', $previous );
	wp_reset_postdata();
	return $p ? $p->post_title : null;
}

/* ---- users, comments, terms --------------------------------------------- */

function pressdb_test_users( $args ) {
	$q   = new WP_User_Query( array_merge( array( 'orderby' => 'login', 'count_total' => true ), $args ) );
	$out = array();
	foreach ( $q->get_results() as $u ) {
		$out[] = is_object( $u ) ? $u->user_login : $u;
	}
	return array( 'total' => (int) $q->get_total(), 'users' => $out );
}

function pressdb_test_case_users() {
	return array(
		'all'          => pressdb_test_users( array() ),
		'search'       => pressdb_test_users( array( 'search' => '*auth*' ) ),
		'search_email' => pressdb_test_users( array( 'search' => 'admin@example.com' ) ),
		'role_in'      => pressdb_test_users( array( 'role__in' => array( 'author', 'editor' ) ) ),
		'role_not_in'  => pressdb_test_users( array( 'role__not_in' => array( 'author' ) ) ),
		'capability'   => pressdb_test_users( array( 'capability' => 'edit_posts' ) ),
		'has_published' => pressdb_test_users( array( 'has_published_posts' => array( 'post' ) ) ),
		'post_count'   => pressdb_test_users( array( 'orderby' => 'post_count', 'order' => 'DESC' ) ),
		'meta_num'     => pressdb_test_users( array( 'meta_key' => 'score', 'orderby' => 'meta_value_num', 'order' => 'ASC' ) ),
		'meta_query'   => pressdb_test_users( array( 'meta_query' => array( array( 'key' => 'favourite_color', 'value' => 'RED' ) ) ) ),
		'paged'        => pressdb_test_users( array( 'number' => 1, 'paged' => 2 ) ),
		'fields'       => pressdb_test_users( array( 'fields' => 'user_email', 'orderby' => 'email' ) ),
		'count_posts'  => count_many_users_posts( array( 1, 2, 3 ) ),
		'count_users'  => count_users(),
		'count_users_memory' => count_users( 'memory' ),
		'by_email'     => ( $u = get_user_by( 'email', 'ADMIN@example.com' ) ) ? $u->user_login : null,
		'exists'       => array( username_exists( 'Admin' ), email_exists( 'author2@EXAMPLE.com' ) ),
		'authors'      => wp_list_authors( array( 'echo' => false, 'optioncount' => true, 'exclude_admin' => false, 'show_fullname' => true ) ),
	);
}

function pressdb_test_comments( $args ) {
	$out = array();
	foreach ( get_comments( $args ) as $c ) {
		$out[] = is_object( $c ) ? $c->comment_author . ': ' . $c->comment_content . ' [' . $c->comment_approved . ']' : $c;
	}
	return $out;
}

function pressdb_test_case_comments() {
	$hello = pressdb_test_post_id( 'hello-pressdb' );
	return array(
		'all'          => pressdb_test_comments( array( 'status' => 'all', 'orderby' => 'comment_ID', 'order' => 'ASC' ) ),
		'approved'     => pressdb_test_comments( array( 'status' => 'approve', 'post_id' => $hello, 'orderby' => array( 'comment_date_gmt' => 'ASC', 'comment_ID' => 'ASC' ) ) ),
		'count'        => get_comments( array( 'count' => true, 'status' => 'all' ) ),
		'search'       => pressdb_test_comments( array( 'search' => '100%', 'status' => 'all' ) ),
		'author_in'    => pressdb_test_comments( array( 'post_author__in' => array( 1 ), 'status' => 'approve', 'orderby' => 'comment_ID' ) ),
		'meta'         => pressdb_test_comments( array( 'meta_key' => 'rating', 'meta_value' => '5' ) ),
		'type'         => pressdb_test_comments( array( 'type' => 'comment', 'status' => 'spam' ) ),
		'hierarchical' => count( get_comments( array( 'post_id' => $hello, 'hierarchical' => 'threaded', 'status' => 'approve' ) ) ),
		'date_query'   => pressdb_test_comments( array( 'date_query' => array( array( 'after' => '2025-01-31' ) ), 'status' => 'all', 'orderby' => 'comment_ID' ) ),
		'parent'       => pressdb_test_comments( array( 'parent__not_in' => array( 0 ), 'status' => 'all' ) ),
		'wp_count'     => wp_count_comments(),
		'post_count'   => get_comment_count( $hello ),
		'page_of'      => get_page_of_comment( (int) ( get_comments( array( 'post_id' => $hello, 'number' => 1, 'orderby' => 'comment_ID', 'order' => 'DESC', 'status' => 'approve' ) )[0]->comment_ID ?? 0 ), array( 'per_page' => 1 ) ),
		'recent_posts' => wp_get_recent_posts( array( 'numberposts' => 3 ), OBJECT ) ? count( wp_get_recent_posts( array( 'numberposts' => 3 ) ) ) : 0,
	);
}

function pressdb_test_terms( $args ) {
	$t = get_terms( $args );
	if ( is_wp_error( $t ) ) {
		return 'error: ' . $t->get_error_message();
	}
	if ( ! is_array( $t ) ) {
		return $t;
	}
	$out = array();
	foreach ( $t as $x ) {
		$out[] = is_object( $x ) ? $x->name . '(' . $x->count . ')' : $x;
	}
	return $out;
}

function pressdb_test_case_terms() {
	$news = get_term_by( 'slug', 'news', 'category' );
	return array(
		'cats'         => pressdb_test_terms( array( 'taxonomy' => 'category', 'hide_empty' => false ) ),
		'by_count'     => pressdb_test_terms( array( 'taxonomy' => 'category', 'orderby' => 'count', 'order' => 'DESC', 'hide_empty' => false ) ),
		'child_of'     => pressdb_test_terms( array( 'taxonomy' => 'category', 'child_of' => $news->term_id, 'hide_empty' => false ) ),
		'parent0'      => pressdb_test_terms( array( 'taxonomy' => 'category', 'parent' => 0, 'hide_empty' => false ) ),
		'pad_counts'   => pressdb_test_terms( array( 'taxonomy' => 'category', 'pad_counts' => true, 'hide_empty' => true ) ),
		'search'       => pressdb_test_terms( array( 'taxonomy' => array( 'category', 'post_tag' ), 'search' => 'e', 'hide_empty' => false ) ),
		'name_like'    => pressdb_test_terms( array( 'taxonomy' => 'category', 'name__like' => 'ümlaut', 'hide_empty' => false ) ),
		'slug_in'      => pressdb_test_terms( array( 'taxonomy' => 'category', 'slug' => array( 'tech', 'news' ), 'orderby' => 'slug', 'hide_empty' => false ) ),
		'include_order' => pressdb_test_terms( array( 'taxonomy' => 'category', 'include' => array( $news->term_id, 1 ), 'orderby' => 'include', 'hide_empty' => false ) ),
		'count_only'   => pressdb_test_terms( array( 'taxonomy' => 'post_tag', 'fields' => 'count', 'hide_empty' => false ) ),
		'fields_names' => pressdb_test_terms( array( 'taxonomy' => 'post_tag', 'fields' => 'id=>name', 'hide_empty' => false ) ),
		'number_offset' => pressdb_test_terms( array( 'taxonomy' => 'category', 'number' => 2, 'offset' => 1, 'hide_empty' => false, 'orderby' => 'name' ) ),
		'meta_exists'  => pressdb_test_terms( array( 'taxonomy' => 'category', 'meta_key' => 'featured', 'hide_empty' => false ) ),
		'meta_num'     => pressdb_test_terms( array( 'taxonomy' => 'category', 'meta_key' => 'rank', 'orderby' => 'meta_value_num', 'order' => 'DESC', 'hide_empty' => false ) ),
		'object_terms' => wp_get_object_terms( array( pressdb_test_post_id( 'hello-pressdb' ), pressdb_test_post_id( 'underscore-post' ) ), array( 'category', 'post_tag' ), array( 'fields' => 'names', 'orderby' => 'name' ) ),
		'count_terms'  => wp_count_terms( array( 'taxonomy' => 'category', 'hide_empty' => false ) ),
		'term_exists'  => array( term_exists( 'News', 'category' ) ? 'yes' : 'no', term_exists( 'NEWS' ) ? 'yes' : 'no', term_exists( 'nope' ) ? 'yes' : 'no' ),
		'hierarchy'    => _get_term_hierarchy( 'category' ),
	);
}

/* ---- aggregates, archives ------------------------------------------------ */

function pressdb_test_case_archives() {
	$out = array();
	foreach ( array( 'yearly', 'monthly', 'weekly', 'daily', 'postbypost', 'alpha' ) as $type ) {
		$out[ $type ] = wp_get_archives( array( 'type' => $type, 'echo' => false, 'show_post_count' => true, 'limit' => 12 ) );
	}
	$out['count_posts']      = wp_count_posts();
	$out['count_pages']      = wp_count_posts( 'page' );
	$out['count_attachment'] = wp_count_attachments();
	$out['lastpostdate']     = get_lastpostdate( 'blog' );
	$out['lastpostdate_gmt'] = get_lastpostdate( 'gmt' );
	$out['user_posts']       = count_user_posts( 1 );
	global $m, $monthnum, $year, $wp_locale;
	$m = '202403';
	$out['calendar_2024_03'] = get_calendar( true, false );
	$m = '202301';
	$out['calendar_2023_01'] = get_calendar( false, false );
	$m = '';
	$out['months_dropdown'] = $GLOBALS['wpdb']->get_results( "SELECT DISTINCT YEAR( post_date ) AS year, MONTH( post_date ) AS month FROM {$GLOBALS['wpdb']->posts} WHERE post_type = 'post' ORDER BY post_date DESC" );
	return $out;
}

/* ---- wpdb, dbDelta, sql_mode ------------------------------------------ */

function pressdb_test_case_dbdelta() {
	global $wpdb;
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$t       = $wpdb->prefix . 'pressdb_items';
	$collate = $wpdb->get_charset_collate();
	$out     = array();
	$out['create'] = dbDelta(
		"CREATE TABLE $t (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  name varchar(191) NOT NULL DEFAULT '',
  qty int(11) NOT NULL DEFAULT 0,
  created datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  PRIMARY KEY  (id),
  KEY name (name)
) $collate;"
	);
	$out['upgrade'] = dbDelta(
		"CREATE TABLE $t (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  name varchar(191) NOT NULL DEFAULT '',
  qty bigint(20) NOT NULL DEFAULT 0,
  price decimal(10,2) DEFAULT NULL,
  note text,
  created datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  PRIMARY KEY  (id),
  KEY name (name),
  KEY qty_price (qty,price),
  UNIQUE KEY name_created (name(50),created)
) $collate;"
	);
	$out['again']    = dbDelta( "CREATE TABLE $t (\n  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,\n  name varchar(191) NOT NULL DEFAULT '',\n  qty bigint(20) NOT NULL DEFAULT 0,\n  price decimal(10,2) DEFAULT NULL,\n  note text,\n  created datetime NOT NULL DEFAULT '0000-00-00 00:00:00',\n  PRIMARY KEY  (id),\n  KEY name (name),\n  KEY qty_price (qty,price),\n  UNIQUE KEY name_created (name(50),created)\n) $collate;" );
	$out['describe'] = $wpdb->get_results( "DESCRIBE $t" );
	$out['indexes']  = $wpdb->get_results( "SHOW INDEX FROM $t" );
	$out['create_table'] = $wpdb->get_row( "SHOW CREATE TABLE $t", ARRAY_N );
	$out['charset']  = array( $wpdb->get_col_charset( $t, 'name' ), $wpdb->get_col_charset( $t, 'qty' ), $wpdb->get_table_charset( $t ) );
	$out['col_length'] = $wpdb->get_col_length( $t, 'name' );
	$out['tables_like'] = $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'pressdb' ) . '%' ) );
	return $out;
}

function pressdb_test_case_wpdb() {
	global $wpdb;
	$t   = $wpdb->prefix . 'pressdb_items';
	$out = array();
	$wpdb->query( "TRUNCATE TABLE $t" );
	$out['insert']   = array( $wpdb->insert( $t, array( 'name' => 'apple', 'qty' => 3, 'price' => 1.5, 'created' => '2024-01-01 10:00:00' ), array( '%s', '%d', '%f', '%s' ) ), $wpdb->insert_id );
	$out['insert2']  = array( $wpdb->insert( $t, array( 'name' => "it's \"quoted\" \\ back", 'qty' => -2, 'note' => str_repeat( 'x', 70000 ) ) ), $wpdb->insert_id );
	$out['replace']  = array( $wpdb->replace( $t, array( 'id' => 1, 'name' => 'apple', 'qty' => 5, 'created' => '2024-01-01 10:00:00' ) ), $wpdb->insert_id );
	$out['update']   = $wpdb->update( $t, array( 'qty' => 7 ), array( 'name' => 'apple' ) );
	$out['update_same'] = $wpdb->update( $t, array( 'qty' => 7 ), array( 'name' => 'apple' ) );
	$out['update_null'] = $wpdb->update( $t, array( 'price' => null ), array( 'id' => 1 ) );
	$out['dup_key']  = $wpdb->query( $wpdb->prepare( "INSERT INTO $t (id, name, qty) VALUES (%d, %s, %d) ON DUPLICATE KEY UPDATE qty = qty + VALUES(qty)", 1, 'apple', 10 ) );
	$out['dup_key_row'] = $wpdb->get_row( "SELECT qty FROM $t WHERE id = 1" );
	$out['insert_ignore'] = $wpdb->query( "INSERT IGNORE INTO $t (id, name) VALUES (1, 'dup')" );
	$out['multi_insert'] = $wpdb->query( "INSERT INTO $t (name, qty, created) VALUES ('b', 1, '2024-02-29 23:59:59'), ('c', 2, '2023-02-28'), ('d', NULL, NOW())" );
	$out['multi_insert_err'] = $wpdb->last_error;
	$out['rows']     = $wpdb->get_results( "SELECT id, name, qty, price, LENGTH(note) AS note_len, created FROM $t WHERE created < '2025-01-01' OR created = '0000-00-00 00:00:00' ORDER BY id", ARRAY_A );
	$out['get_var']  = $wpdb->get_var( "SELECT COUNT(*) FROM $t" );
	$out['get_col']  = $wpdb->get_col( "SELECT name FROM $t ORDER BY name DESC" );
	$out['calc_found'] = array( $wpdb->get_col( "SELECT SQL_CALC_FOUND_ROWS id FROM $t ORDER BY id LIMIT 2" ), $wpdb->get_var( 'SELECT FOUND_ROWS()' ) );
	$out['aggregates'] = $wpdb->get_row( "SELECT SUM(qty) s, AVG(qty) a, MIN(name) mi, MAX(created) ma, GROUP_CONCAT(name ORDER BY id SEPARATOR '|') g, COUNT(DISTINCT qty) d FROM $t", ARRAY_A );
	$out['group_having'] = $wpdb->get_results( "SELECT qty > 2 AS big, COUNT(*) n FROM $t GROUP BY qty > 2 HAVING n >= 1 ORDER BY big", ARRAY_A );
	$out['delete']   = $wpdb->delete( $t, array( 'name' => 'c' ) );
	$out['delete_none'] = $wpdb->delete( $t, array( 'name' => 'zzz' ) );
	$out['prepare_like'] = $wpdb->get_col( $wpdb->prepare( "SELECT name FROM $t WHERE name LIKE %s ORDER BY id", '%' . $wpdb->esc_like( "it's \"" ) . '%' ) );
	$out['prepare_in'] = $wpdb->get_col( $wpdb->prepare( "SELECT name FROM $t WHERE id IN (%d, %d) AND qty > %f ORDER BY id", 1, 2, -5.5 ) );
	// transactions (InnoDB)
	$wpdb->query( 'START TRANSACTION' );
	$wpdb->insert( $t, array( 'name' => 'rolled back' ) );
	$wpdb->query( 'ROLLBACK' );
	$wpdb->query( 'START TRANSACTION' );
	$wpdb->insert( $t, array( 'name' => 'committed' ) );
	$wpdb->query( 'COMMIT' );
	$out['after_tx'] = $wpdb->get_col( "SELECT name FROM $t WHERE name IN ('rolled back', 'committed')" );
	$out['lock']     = array( $wpdb->get_var( "SELECT GET_LOCK('pressdb_test', 5)" ), $wpdb->get_var( "SELECT IS_FREE_LOCK('pressdb_test')" ), $wpdb->get_var( "SELECT RELEASE_LOCK('pressdb_test')" ) );
	$out['last_insert_id'] = $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
	$out['sql_mode'] = $wpdb->get_var( 'SELECT @@SESSION.sql_mode' );
	$out['vars']     = $wpdb->get_results( "SHOW VARIABLES WHERE Variable_name IN ('max_allowed_packet', 'character_set_client', 'character_set_connection', 'collation_connection', 'time_zone', 'autocommit', 'sql_mode', 'lower_case_table_names', 'group_concat_max_len')", ARRAY_A );
	$out['status']   = $wpdb->get_var( "SELECT COUNT(*) FROM information_schema.TABLES WHERE table_schema = DATABASE() AND table_name LIKE 'wp\\_%'" );
	$out['has_cap']  = array( $wpdb->has_cap( 'collation' ), $wpdb->has_cap( 'group_concat' ), $wpdb->has_cap( 'subqueries' ), $wpdb->has_cap( 'utf8mb4' ), $wpdb->has_cap( 'utf8mb4_520' ), $wpdb->has_cap( 'identifier_placeholders' ) );
	$out['charset']  = array( $wpdb->charset, $wpdb->collate, $wpdb->determine_charset( 'utf8', '' ) );
	$out['functions'] = $wpdb->get_row(
		"SELECT CONCAT_WS('-', 'a', NULL, 'b') cw, SUBSTRING_INDEX('a.b.c', '.', -2) si, LPAD('7', 3, '0') lp, UPPER('straße ü') up, LOWER('ÀÉÎ') lo,
		 CHAR_LENGTH('日本語') cl, LENGTH('日本語') bl, HEX('é') hx, REPLACE('aXbX', 'X', '_') rp, INSTR('hello', 'l') ins, LEFT('hello', 2) l2,
		 DATE_FORMAT('2024-03-05 07:08:09', '%Y/%m/%d %H:%i:%s %W %M %j %a %b %e %c %p %y') df, DATE_ADD('2024-01-31', INTERVAL 1 MONTH) da,
		 DATE_SUB('2024-03-01 00:00:00', INTERVAL 1 SECOND) ds, DATEDIFF('2024-03-01', '2024-02-01') dd, YEAR('2024-12-31') y, WEEK('2024-12-31', 1) wk,
		 DAYOFWEEK('2024-03-05') dow, UNIX_TIMESTAMP('2024-01-01 00:00:00') ut, FROM_UNIXTIME(0) fu, CAST('12abc' AS SIGNED) cs, CAST(3.7 AS UNSIGNED) cu,
		 CAST('2024-01-01' AS DATE) cd, CONVERT('x' USING utf8mb4) cv, 10/3 dv, 10 DIV 3 idv, 7 % 3 md, ROUND(2.5) r1, ROUND(-2.5) r2, TRUNCATE(1.999, 2) tr,
		 IF(1 > 2, 'y', 'n') iff, IFNULL(NULL, 'd') ifn, COALESCE(NULL, NULL, 3) co, NULLIF(1, 1) nf, GREATEST(1, 5, 3) gr, FIELD('b', 'a', 'b') fi,
		 'abc' LIKE 'A%' lk, 'abc' = 'ABC ' eqpad, 'a' < 'B' lt, 'Ü' = 'u' uml, 'ß' = 'ss' ss, MD5('x') m5, SHA1('x') s1, CRC32('x') c3, FORMAT(1234567.891, 2) fm",
		ARRAY_A
	);
	$out['subqueries'] = $wpdb->get_results( "SELECT p.ID, (SELECT COUNT(*) FROM {$wpdb->comments} c WHERE c.comment_post_ID = p.ID) n FROM {$wpdb->posts} p WHERE p.ID IN (SELECT object_id FROM {$wpdb->term_relationships}) AND EXISTS (SELECT 1 FROM {$wpdb->postmeta} m WHERE m.post_id = p.ID) ORDER BY p.ID", ARRAY_A );
	$out['union']    = $wpdb->get_col( "SELECT post_title FROM {$wpdb->posts} WHERE ID = 1 UNION SELECT 'extra' UNION ALL SELECT 'extra' ORDER BY 1" );
	$out['derived']  = $wpdb->get_results( "SELECT t.y, COUNT(*) n FROM (SELECT YEAR(post_date) y FROM {$wpdb->posts} WHERE post_type = 'post' AND post_status = 'publish') t GROUP BY t.y ORDER BY t.y", ARRAY_A );
	$out['multi_update'] = $wpdb->query( "UPDATE $t i INNER JOIN {$wpdb->posts} p ON p.ID = i.qty SET i.note = CONCAT('post ', p.post_name) WHERE p.post_status = 'publish'" );
	$out['multi_update_rows'] = $wpdb->get_results( "SELECT id, note FROM $t WHERE note LIKE 'post %' ORDER BY id", ARRAY_A );
	$out['multi_delete'] = $wpdb->query( "DELETE m FROM {$wpdb->postmeta} m LEFT JOIN {$wpdb->posts} p ON p.ID = m.post_id WHERE p.ID IS NULL" );
	return $out;
}

function pressdb_test_case_nonstrict() {
	// WordPress drops STRICT_* from sql_mode: bad values are coerced with warnings.
	global $wpdb;
	$t   = $wpdb->prefix . 'pressdb_items';
	$out = array();
	$wpdb->query( "DELETE FROM $t WHERE name LIKE 'ns-%'" );
	$out['too_long'] = $wpdb->query( "INSERT INTO $t (name, qty, created) VALUES (CONCAT('ns-', REPEAT('z', 300)), 1, '2024-01-01')" );
	$out['too_long_error'] = $wpdb->last_error;
	$out['bad_int']  = $wpdb->query( "INSERT INTO $t (name, qty) VALUES ('ns-int', '12abc')" );
	$out['bad_int_error'] = $wpdb->last_error;
	$out['bad_date'] = $wpdb->query( "INSERT INTO $t (name, created) VALUES ('ns-date', '2024-02-30 10:00:00')" );
	$out['bad_date_error'] = $wpdb->last_error;
	$out['zero_date'] = $wpdb->query( "INSERT INTO $t (name, created) VALUES ('ns-zero', '0000-00-00 00:00:00')" );
	$out['empty_int'] = $wpdb->query( "INSERT INTO $t (name, qty) VALUES ('ns-empty', '')" );
	$out['null_notnull'] = $wpdb->query( "INSERT INTO $t (name, qty) VALUES ('ns-null', NULL)" );
	$out['null_notnull_error'] = $wpdb->last_error;
	$out['out_of_range'] = $wpdb->query( "INSERT INTO $t (name, qty, price) VALUES ('ns-range', 99999999999999999999, 123456789012.345)" );
	$out['out_of_range_error'] = $wpdb->last_error;
	$out['warnings'] = $wpdb->get_results( 'SHOW WARNINGS', ARRAY_A );
	$out['rows']     = $wpdb->get_results( "SELECT name, qty, price, created FROM $t WHERE name LIKE 'ns-%' ORDER BY id", ARRAY_A );
	$out['zero_date_cmp'] = $wpdb->get_var( "SELECT COUNT(*) FROM $t WHERE created = '0000-00-00 00:00:00'" );
	// without ONLY_FULL_GROUP_BY a non-aggregated column is allowed (its value is any row's)
	$out['group_by_loose'] = $wpdb->get_results( "SELECT post_type, MIN(post_title) t, COUNT(*) n, post_status FROM {$wpdb->posts} WHERE post_type = 'page' AND post_status = 'publish' GROUP BY post_type", ARRAY_A ) ? 'ok' : $wpdb->last_error;
	return $out;
}

function pressdb_test_case_charset() {
	// wpdb checks what a column can hold and strips what it cannot.
	global $wpdb;
	$t   = $wpdb->prefix . 'pressdb_charsets';
	$out = array();
	$wpdb->query( "DROP TABLE IF EXISTS $t" );
	$out['create'] = $wpdb->query( "CREATE TABLE $t (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, l1 varchar(20) CHARACTER SET latin1, u3 varchar(20) CHARACTER SET utf8mb3, u4 varchar(20) CHARACTER SET utf8mb4, bin varbinary(20), asc1 varchar(10) CHARACTER SET ascii) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4" );
	$out['col_charsets'] = array( $wpdb->get_col_charset( $t, 'l1' ), $wpdb->get_col_charset( $t, 'u3' ), $wpdb->get_col_charset( $t, 'u4' ), $wpdb->get_col_charset( $t, 'bin' ), $wpdb->get_col_charset( $t, 'asc1' ) );
	$out['lengths']  = array( $wpdb->get_col_length( $t, 'l1' ), $wpdb->get_col_length( $t, 'u3' ), $wpdb->get_col_length( $t, 'bin' ) );
	$out['insert_u4'] = $wpdb->insert( $t, array( 'u4' => 'emoji 😀 ok', 'l1' => 'café', 'u3' => 'plain' ) );
	$out['insert_u3_emoji'] = $wpdb->insert( $t, array( 'u3' => 'emoji 😀 no' ) );
	$out['insert_u3_emoji_error'] = $wpdb->last_error;
	$out['insert_l1_cjk'] = $wpdb->insert( $t, array( 'l1' => '日本 latin' ) );
	$out['insert_l1_cjk_error'] = $wpdb->last_error;
	$out['insert_ascii'] = $wpdb->insert( $t, array( 'asc1' => 'naïve' ) );
	$out['insert_ascii_error'] = $wpdb->last_error;
	$out['insert_bin'] = $wpdb->insert( $t, array( 'bin' => "\xff\x00raw" ) );
	$out['strip']    = $wpdb->strip_invalid_text_for_column( $t, 'u3', 'abc 😀 def' );
	$out['strip_l1'] = $wpdb->strip_invalid_text_for_column( $t, 'l1', 'été 日本' );
	$out['too_long'] = $wpdb->strip_invalid_text_for_column( $t, 'u4', str_repeat( 'é', 30 ) );
	$out['rows']     = $wpdb->get_results( "SELECT id, l1, u3, u4, HEX(bin) b, asc1, CHAR_LENGTH(u4) cl FROM $t ORDER BY id", ARRAY_A );
	$out['convert']  = $wpdb->get_row( "SELECT CONVERT('é' USING latin1) a, CONVERT(CONVERT('é' USING latin1) USING utf8mb4) b, HEX(CONVERT('é' USING latin1)) c, CONVERT('😀' USING utf8mb3) d, HEX(CONVERT('😀' USING utf8mb3)) e", ARRAY_A );
	$out['cmp']      = $wpdb->get_row( "SELECT u4 = 'EMOJI 😀 OK' a, u4 LIKE '%😀%' b, l1 = 'CAFE' c FROM $t WHERE id = 1", ARRAY_A );
	return $out;
}

function pressdb_test_case_transients() {
	global $wpdb;
	$out = array();
	set_transient( 'pressdb_short', 'value', 1 );
	set_transient( 'pressdb_long', array( 'a' => 1, 'b' => array( 2, 3 ) ), 3600 );
	set_site_transient( 'pressdb_site', 'sitevalue', 1 );
	$out['get_long'] = get_transient( 'pressdb_long' );
	// make the short ones expired, then clean up as the daily cron does
	$wpdb->query( "UPDATE {$wpdb->options} SET option_value = '1000' WHERE option_name IN ('_transient_timeout_pressdb_short', '_site_transient_timeout_pressdb_site')" );
	delete_expired_transients( true );
	$out['after_cleanup'] = $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%pressdb\\_%' ORDER BY option_name" );
	$out['get_short'] = get_transient( 'pressdb_short' );
	$out['add_option'] = array( add_option( 'pressdb_opt', 'x', '', 'no' ), add_option( 'pressdb_opt', 'y' ) );
	$out['update_option'] = array( update_option( 'pressdb_opt', 'z' ), update_option( 'pressdb_opt', 'z' ), get_option( 'pressdb_opt' ) );
	$out['serialized'] = update_option( 'pressdb_arr', array( 'k' => "v'\"\\", 'n' => 1.5, 'u' => 'ü😀' ) );
	wp_cache_flush();
	$out['serialized_back'] = get_option( 'pressdb_arr' );
	$out['delete_option'] = array( delete_option( 'pressdb_opt' ), delete_option( 'pressdb_opt' ) );
	$out['autoload_count'] = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE autoload = 'yes'" ) > 50;
	return $out;
}

function pressdb_test_case_posts_api() {
	global $wpdb;
	$out = array();
	// unique slugs, hierarchy, deletion with everything attached
	$ids = array();
	for ( $i = 0; $i < 3; $i++ ) {
		$ids[] = wp_insert_post( array( 'post_title' => 'Same Title', 'post_status' => 'publish', 'post_date' => '2021-0' . ( $i + 1 ) . '-01 10:00:00', 'post_category' => array( 1 ), 'meta_input' => array( 'k' => $i ) ) );
	}
	$out['slugs'] = array_map( function ( $id ) { return get_post_field( 'post_name', $id ); }, $ids );
	$out['page_by_path'] = ( $p = get_page_by_path( 'about/team' ) ) ? $p->post_title : null;
	$out['page_by_title'] = $wpdb->get_var( $wpdb->prepare( "SELECT ID FROM {$wpdb->posts} WHERE post_title = %s AND post_type = 'page'", 'ABOUT' ) ) ? 'found' : 'none';
	$out['children'] = count( get_children( array( 'post_parent' => pressdb_test_post_id( 'about' ), 'post_type' => 'page' ) ) );
	$out['revisions'] = count( wp_get_post_revisions( pressdb_test_post_id( 'hello-pressdb' ) ) );
	wp_delete_post( $ids[0], true );
	wp_trash_post( $ids[1] );
	$out['trashed_status'] = get_post_status( $ids[1] );
	$out['untrash'] = (bool) wp_untrash_post( $ids[1] );
	$out['counts'] = wp_count_posts();
	$out['cat_count'] = get_term( 1, 'category' )->count;
	wp_delete_post( $ids[1], true );
	wp_delete_post( $ids[2], true );
	$out['orphans'] = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->postmeta} WHERE post_id IN (" . implode( ',', array_map( 'intval', $ids ) ) . ')' );
	$out['cat_count_after'] = ( clean_term_cache( 1, 'category' ) || true ) ? get_term( 1, 'category' )->count : null;
	// users
	$uid = wp_insert_user( array( 'user_login' => 'tmpuser', 'user_pass' => 'Tmp-User-Pw-1!', 'user_email' => 'tmp@example.com', 'role' => 'editor', 'display_name' => 'Tmp Ü' ) );
	$out['user'] = is_wp_error( $uid ) ? $uid->get_error_message() : get_userdata( $uid )->display_name;
	$out['user_dup'] = is_wp_error( wp_insert_user( array( 'user_login' => 'TMPUSER', 'user_pass' => 'x', 'user_email' => 'tmp2@example.com' ) ) ) ? 'rejected' : 'accepted';
	$out['auth'] = is_wp_error( wp_authenticate( 'tmpuser', 'Tmp-User-Pw-1!' ) ) ? 'fail' : 'ok';
	$out['auth_email'] = is_wp_error( wp_authenticate( 'tmp@example.com', 'Tmp-User-Pw-1!' ) ) ? 'fail' : 'ok';
	require_once ABSPATH . 'wp-admin/includes/user.php';
	$out['delete_user'] = wp_delete_user( $uid, 1 );
	// comments
	$cid = wp_insert_comment( array( 'comment_post_ID' => pressdb_test_post_id( 'percent-post' ), 'comment_content' => 'API comment', 'comment_author' => 'Api', 'comment_approved' => 1, 'comment_date' => '2025-03-01 10:00:00', 'comment_date_gmt' => '2025-03-01 10:00:00' ) );
	$out['comment_count'] = get_post_field( 'comment_count', pressdb_test_post_id( 'percent-post' ) );
	wp_delete_comment( $cid, true );
	$out['comment_count_after'] = get_post_field( 'comment_count', pressdb_test_post_id( 'percent-post' ) );
	return $out;
}

function pressdb_test_case_lower_db_version() {
	// makes wp-admin/upgrade.php run the schema upgrade (dbDelta of every core table)
	$old = get_option( 'db_version' );
	update_option( 'db_version', '51000' );
	return array( 'was' => $old, 'now' => get_option( 'db_version' ) );
}
