<?php
/**
 * wpdb drop-in for pressdb's WordPress test (tests/wordpress/run.py copies it
 * to WP_CONTENT_DIR/db.php of each test site).
 *
 * It changes nothing WordPress does: every query still goes through
 * wpdb::query().  It only records, per request, each statement with its
 * outcome (error text, rows returned, rows affected, insert id, and the
 * returned rows themselves) and the microseconds wpdb::query() took, and
 * appends them as JSON lines to the file named
 * by the PRESSDB_TEST_QUERY_LOG constant, so that run.py can line up the
 * statements MariaDB and pressdb got for the same HTTP request and find the
 * first one whose outcome differs.  The statements that wpdb sends straight
 * to mysqli while connecting (SET NAMES, the sql_mode query and SET) are
 * checked for errors too.
 */

class PressDB_Test_WPDB extends wpdb {
	/** @var array records of this request */
	private $pressdb_log = array();
	private $pressdb_registered = false;

	private function pressdb_record( $entry ) {
		if ( ! defined( 'PRESSDB_TEST_QUERY_LOG' ) ) {
			return;
		}
		if ( ! $this->pressdb_registered ) {
			$this->pressdb_registered = true;
			register_shutdown_function( array( $this, 'pressdb_flush' ) );
		}
		$this->pressdb_log[] = $entry;
	}

	public function pressdb_flush() {
		if ( ! $this->pressdb_log ) {
			return;
		}
		$step = isset( $_SERVER['HTTP_X_PRESSDB_STEP'] ) ? $_SERVER['HTTP_X_PRESSDB_STEP'] : 'internal';
		$uri  = isset( $_SERVER['REQUEST_URI'] ) ? $_SERVER['REQUEST_URI'] : ( isset( $_SERVER['argv'] ) ? implode( ' ', $_SERVER['argv'] ) : '' );
		$out  = '';
		foreach ( $this->pressdb_log as $i => $e ) {
			$e['step'] = $step;
			$e['uri']  = $uri;
			$e['i']    = $i;
			$line      = json_encode( $e, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_UNESCAPED_SLASHES );
			if ( false !== $line ) {
				$out .= $line . "\n";
			}
		}
		$this->pressdb_log = array();
		file_put_contents( PRESSDB_TEST_QUERY_LOG, $out, FILE_APPEND | LOCK_EX );
	}

	private static function pressdb_rows( $rows ) {
		$out = array();
		foreach ( (array) $rows as $n => $row ) {
			if ( $n >= 200 ) {
				break;
			}
			$r = array();
			foreach ( (array) $row as $k => $v ) {
				if ( is_string( $v ) && strlen( $v ) > 4000 ) {
					$v = substr( $v, 0, 4000 ) . '...[' . strlen( $v ) . ' bytes, md5 ' . md5( $v ) . ']';
				}
				$r[ $k ] = $v;
			}
			$out[] = $r;
		}
		return $out;
	}

	public function query( $query ) {
		$t0    = microtime( true );
		$ret   = parent::query( $query );
		$entry = array(
			'sql' => $query,
			'err' => (string) $this->last_error,
			'ret' => is_bool( $ret ) ? ( $ret ? 'true' : 'false' ) : $ret,
			'us'  => (int) round( ( microtime( true ) - $t0 ) * 1e6 ),   // not compared: bench/wordpress/stmt_times.py
		);
		if ( $this->dbh instanceof mysqli ) {
			$entry['errno'] = mysqli_errno( $this->dbh );
		}
		if ( ! $this->last_error ) {
			if ( preg_match( '/^\s*(insert|delete|update|replace)\s/i', $query ) ) {
				$entry['affected'] = $this->rows_affected;
				if ( preg_match( '/^\s*(insert|replace)\s/i', $query ) ) {
					$entry['insert_id'] = $this->insert_id;
				}
			} elseif ( ! preg_match( '/^\s*(create|alter|truncate|drop)\s/i', $query ) ) {
				$entry['n']    = $this->num_rows;
				$entry['rows'] = self::pressdb_rows( $this->last_result );
				$entry['hash'] = md5( serialize( $this->last_result ) );
			}
		}
		$this->pressdb_record( $entry );
		return $ret;
	}

	private function pressdb_connection_check( $what ) {
		if ( $this->dbh instanceof mysqli && mysqli_errno( $this->dbh ) ) {
			$this->pressdb_record(
				array(
					'sql'   => '(' . $what . ' while connecting)',
					'err'   => mysqli_error( $this->dbh ),
					'errno' => mysqli_errno( $this->dbh ),
					'ret'   => 'false',
				)
			);
		}
	}

	public function set_charset( $dbh, $charset = null, $collate = null ) {
		parent::set_charset( $dbh, $charset, $collate );
		if ( $dbh instanceof mysqli && mysqli_errno( $dbh ) ) {
			$this->pressdb_record(
				array(
					'sql'   => '(SET NAMES while connecting)',
					'err'   => mysqli_error( $dbh ),
					'errno' => mysqli_errno( $dbh ),
					'ret'   => 'false',
				)
			);
		}
	}

	public function set_sql_mode( $modes = array() ) {
		parent::set_sql_mode( $modes );
		$this->pressdb_connection_check( 'sql_mode' );
	}
}

$wpdb = new PressDB_Test_WPDB( DB_USER, DB_PASSWORD, DB_NAME, DB_HOST );
