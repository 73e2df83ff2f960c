<?php
/* pressdb classic theme: one template for every view. */
?><!DOCTYPE html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<?php wp_head(); ?>
</head>
<body <?php body_class(); ?>>
<div id="pressdb-classic-theme">
<header>
<h1 class="site-title"><a href="<?php echo esc_url( home_url( '/' ) ); ?>"><?php bloginfo( 'name' ); ?></a></h1>
<p class="site-description"><?php bloginfo( 'description' ); ?></p>
<?php wp_nav_menu( array( 'theme_location' => 'primary', 'fallback_cb' => 'wp_page_menu' ) ); ?>
<?php get_search_form(); ?>
</header>
<main>
<?php if ( is_search() ) : ?>
<h2 class="archive-title">Search results for: <?php echo esc_html( get_search_query() ); ?> (<?php echo (int) $wp_query->found_posts; ?> found)</h2>
<?php elseif ( is_archive() ) : ?>
<h2 class="archive-title"><?php the_archive_title(); ?> (<?php echo (int) $wp_query->found_posts; ?> found)</h2>
<?php the_archive_description(); ?>
<?php endif; ?>
<?php if ( have_posts() ) : ?>
	<?php while ( have_posts() ) : the_post(); ?>
	<article id="post-<?php the_ID(); ?>" <?php post_class(); ?>>
		<h2 class="entry-title"><a href="<?php the_permalink(); ?>"><?php the_title(); ?></a></h2>
		<p class="meta">By <?php the_author_posts_link(); ?> on <?php the_time( 'Y-m-d H:i' ); ?>
		in <?php the_category( ', ' ); ?> <?php the_tags( 'Tags: ', ', ' ); ?>
		&middot; <?php comments_number( 'No comments', 'One comment', '% comments' ); ?></p>
		<div class="entry-content"><?php is_singular() ? the_content() : the_excerpt(); ?></div>
		<?php if ( is_singular() ) : ?>
			<?php wp_link_pages(); ?>
			<?php if ( is_single() ) : ?>
			<nav class="post-nav"><?php previous_post_link(); ?> | <?php next_post_link(); ?></nav>
			<?php endif; ?>
			<?php comments_template(); ?>
		<?php endif; ?>
	</article>
	<?php endwhile; ?>
	<nav class="paging"><?php posts_nav_link( ' | ', 'Newer posts', 'Older posts' ); ?></nav>
<?php else : ?>
	<p class="nothing-found">Nothing found.</p>
<?php endif; ?>
</main>
<aside>
<h3>Pages</h3><ul><?php wp_list_pages( array( 'title_li' => '' ) ); ?></ul>
<h3>Categories</h3><ul><?php wp_list_categories( array( 'title_li' => '', 'show_count' => 1, 'hierarchical' => 1 ) ); ?></ul>
<h3>Tags</h3><?php wp_tag_cloud(); ?>
<h3>Archives</h3><ul><?php wp_get_archives( array( 'type' => 'monthly', 'show_post_count' => 1 ) ); ?></ul>
<h3>Yearly</h3><ul><?php wp_get_archives( array( 'type' => 'yearly', 'show_post_count' => 1 ) ); ?></ul>
<h3>Recent posts</h3><ul><?php wp_get_archives( array( 'type' => 'postbypost', 'limit' => 5 ) ); ?></ul>
<h3>Recent comments</h3><ul>
<?php foreach ( get_comments( array( 'number' => 5, 'status' => 'approve', 'post_status' => 'publish' ) ) as $c ) : ?>
<li><?php echo esc_html( $c->comment_author ); ?> on <?php echo esc_html( get_the_title( $c->comment_post_ID ) ); ?></li>
<?php endforeach; ?>
</ul>
<h3>Authors</h3><ul><?php wp_list_authors( array( 'optioncount' => true ) ); ?></ul>
<h3>Calendar</h3><?php get_calendar( true ); ?>
</aside>
<footer><?php wp_footer(); ?></footer>
</div>
</body>
</html>
