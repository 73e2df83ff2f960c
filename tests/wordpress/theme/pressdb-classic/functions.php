<?php
add_action( 'after_setup_theme', function () {
	add_theme_support( 'title-tag' );
	add_theme_support( 'automatic-feed-links' );
	add_theme_support( 'post-thumbnails' );
	register_nav_menus( array( 'primary' => 'Primary' ) );
} );
add_action( 'widgets_init', function () {
	register_sidebar( array( 'name' => 'Sidebar', 'id' => 'sidebar-1' ) );
} );
